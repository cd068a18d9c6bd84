import { describe, expect, it } from 'vitest';
import { SPEECH_LOCALES } from '../../../preload/contract/enums.ts';
import {
  keptTarget,
  startingInstructionsLocale,
  translationTargets,
} from '../../../renderer/lib/state/instructions-rules.ts';

describe('translating patient instructions', () => {
  it('offers every instructions language but the one shown', () => {
    const targets = translationTargets('ENGLISH_US');
    expect(targets).not.toContain('ENGLISH_US');
    expect(targets).toHaveLength(SPEECH_LOCALES.length - 1);
  });

  it('keeps the chosen target while offered, else takes the first offered', () => {
    const targets = translationTargets('SPANISH_MX');
    expect(keptTarget('SPANISH_MX', targets)).toBe(targets[0]);
    expect(keptTarget(targets[1]!, targets)).toBe(targets[1]);
  });
});

describe('the language patient instructions start in', () => {
  it("is the note's when instructions can be written in it, else English (US)", () => {
    expect(startingInstructionsLocale('FRENCH_FR', 'en')).toBe('FRENCH_FR');
    expect(startingInstructionsLocale('ENGLISH_UK', 'en')).toBe('ENGLISH_UK');
    expect(startingInstructionsLocale('KLINGON', 'en')).toBe('ENGLISH_US');
    expect(startingInstructionsLocale(undefined, 'en')).toBe('ENGLISH_US');
  });

  it("is the window's language when the note is in English only because the service writes no other", () => {
    expect(startingInstructionsLocale('ENGLISH_US', 'es')).toBe('SPANISH_ES');
    expect(startingInstructionsLocale(undefined, 'es')).toBe('SPANISH_ES');
    expect(startingInstructionsLocale('ENGLISH_US', 'fr')).toBe('FRENCH_FR');
    expect(startingInstructionsLocale('FRENCH_FR', 'fr')).toBe('FRENCH_FR');
  });
});
