/** Locale names come from Intl.DisplayNames: every speech locale reads as people know it, in the window's language. */
import { describe, expect, it } from 'vitest';
import { SPEECH_LOCALES } from '../../../preload/contract/enums.ts';
import { displayLanguageName } from '../../../preload/words/intl.ts';

describe('displayLanguageName', () => {
  it('names every speech locale from the runtime locale data, each name distinct', () => {
    const names = SPEECH_LOCALES.map((code) => {
      const name = displayLanguageName('en', code);
      expect(name, code).not.toBe(code);
      return name;
    });
    expect(new Set(names).size).toBe(SPEECH_LOCALES.length);
    expect(displayLanguageName('en', 'ENGLISH_UK')).toBe('English (United Kingdom)');
    expect(displayLanguageName('en', 'SPANISH_MX')).toBe('Spanish (Mexico)');
    expect(displayLanguageName('en', 'HAITIAN_HT')).toBe('Haitian Creole (Haiti)');
  });

  it('names them in the window language', () => {
    expect(displayLanguageName('fr', 'SPANISH_MX')).toBe('Espagnol (Mexique)');
    expect(displayLanguageName('es', 'FRENCH_FR')).toBe('Francés (Francia)');
  });

  it('gives back a code it does not know as it is', () => {
    expect(displayLanguageName('en', 'KLINGON_KX')).toBe('KLINGON_KX');
    expect(displayLanguageName('en', 'weird')).toBe('weird');
  });
});
