import { describe, expect, it } from 'vitest';
import { wordsOf } from '../../../fixtures/worded.ts';
import {
  LimitError,
  checkBulkSize,
  checkMaxChars,
  checkSpeechLocales,
} from '../../../../main/core/api/limits.ts';

describe('client-side limits', () => {
  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(() => checkMaxChars('é'.repeat(700), 700, 'custom_instruction', 'edit_instruction')).not.toThrow();
    expect(() =>
      checkMaxChars('😀'.repeat(700), 700, 'custom_instruction', 'edit_instruction'),
    ).not.toThrow();
    expect(
      wordsOf(() => checkMaxChars('a'.repeat(701), 700, 'custom_instruction', 'edit_instruction')),
    ).toMatch(/701 characters; the limit is 700\. Shorten it by 1/);
  });

  it('never quotes the content in the message', () => {
    const canary = 'CANARY-PATIENT-JANE-DOE ';
    try {
      checkMaxChars(canary.repeat(500), 10_000, 'unstructured_context', 'extra_context');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LimitError);
      expect(String((error as Error).message)).not.toContain('CANARY');
      expect((error as LimitError).field).toBe('unstructured_context');
    }
  });

  it('accepts one or two distinct speech locales', () => {
    expect(() => checkSpeechLocales(['ENGLISH_US'])).not.toThrow();
    expect(() => checkSpeechLocales(['ENGLISH_US', 'SPANISH_MX'])).not.toThrow();
    expect(() => checkSpeechLocales(['HAITIAN_HT'])).not.toThrow();
  });

  it.each([
    [[], /Choose the language/],
    [['ENGLISH_US', 'ENGLISH_US'], /twice/],
    [['ENGLISH_US', 'SPANISH_MX', 'FRENCH_FR'], /At most 2/],
    [['HAITIAN_HT', 'FRENCH_FR'], /Haitian Creole/],
    [['FRENCH_FR', 'HAITIAN_HT'], /Haitian Creole/],
  ])('refuses speech locales %j', (locales, message) => {
    expect(wordsOf(() => checkSpeechLocales(locales))).toMatch(message);
  });

  it('limits bulk operations to 100 items', () => {
    expect(() => checkBulkSize(new Array(100).fill(0), 'items', 'dot_phrases')).not.toThrow();
    expect(wordsOf(() => checkBulkSize(new Array(101).fill(0), 'items', 'dot_phrases'))).toMatch(
      /101 dot phrases.*at most 100/,
    );
    expect(wordsOf(() => checkBulkSize([], 'items', 'dot_phrases'))).toMatch(/No dot phrases/);
  });
});
