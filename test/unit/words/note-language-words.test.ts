/**
 * Why a note is written in another language than the window's (Note → the note's language): French and
 * Spanish write a language's name in lower case inside a sentence, through the one helper both share
 * (preload/words/intl.ts inSentence); English keeps its capital.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../preload/words/index.ts';
import { displayLanguageName, inSentence } from '../../../preload/words/intl.ts';

const notOffered = (tag: keyof typeof LOCALES): string =>
  LOCALES[tag].ui.noteLanguage.notOffered(displayLanguageName(tag, 'ENGLISH_US'));

describe('the note language inside a sentence', () => {
  it('lowers only the first letter, as the locale does', () => {
    expect(inSentence('fr', 'Anglais (États-Unis)')).toBe('anglais (États-Unis)');
    expect(inSentence('es', 'Inglés (Estados Unidos)')).toBe('inglés (Estados Unidos)');
    expect(inSentence('tr', 'Italyanca')).toBe('ıtalyanca');
    expect(inSentence('fr', '')).toBe('');
  });

  it('names the note language in lower case in French and Spanish', () => {
    expect(notOffered('fr')).toContain(' en anglais (États-Unis). ');
    expect(notOffered('es')).toContain(' en inglés (Estados Unidos). ');
  });

  it('keeps the capital in English', () => {
    expect(notOffered('en')).toContain('English (United States)');
  });
});
