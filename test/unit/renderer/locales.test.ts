/** Locale names come from Intl.DisplayNames: every speech locale reads as people know it, in the window's language. */
import { describe, expect, it } from 'vitest';
import { SPEECH_LOCALES } from '../../../preload/contract/enums.ts';
import { localeNameIn as localeName, localeTag } from '../../../renderer/lib/locales.ts';

describe('localeName', () => {
  it('names every instructions locale from the runtime locale data, each name distinct', () => {
    const names = SPEECH_LOCALES.map((code) => {
      expect(localeTag(code), code).not.toBeNull();
      return localeName(code, 'en');
    });
    expect(new Set(names).size).toBe(SPEECH_LOCALES.length);
    expect(localeName('ENGLISH_UK', 'en')).toBe('English (United Kingdom)');
    expect(localeName('SPANISH_MX', 'en')).toBe('Spanish (Mexico)');
    expect(localeName('HAITIAN_HT', 'en')).toBe('Haitian Creole (Haiti)');
  });

  it('names them in the window language', () => {
    expect(localeName('SPANISH_MX', 'fr')).toBe('espagnol (Mexique)');
    expect(localeName('FRENCH_FR', 'es')).toBe('francés (Francia)');
  });

  it('falls back to a tidy form of a code it does not know', () => {
    expect(localeName('KLINGON_KX', 'en')).toBe('Klingon (KX)');
    expect(localeName('weird', 'en')).toBe('weird');
  });
});
