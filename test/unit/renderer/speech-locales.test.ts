import { describe, expect, it } from 'vitest';
import { localePair, secondLocales, transcribedAlone } from '../../../renderer/lib/state/speech-locales.ts';

describe('spoken languages', () => {
  it('keeps two distinct languages, one when the second is empty or the same', () => {
    expect(localePair('ENGLISH_US', 'SPANISH_MX')).toEqual(['ENGLISH_US', 'SPANISH_MX']);
    expect(localePair('ENGLISH_US', '')).toEqual(['ENGLISH_US']);
    expect(localePair('ENGLISH_US', 'ENGLISH_US')).toEqual(['ENGLISH_US']);
  });

  it('transcribes Haitian Creole only alone', () => {
    expect(localePair('HAITIAN_HT', 'ENGLISH_US')).toEqual(['HAITIAN_HT']);
    expect(localePair('ENGLISH_US', 'HAITIAN_HT')).toEqual(['ENGLISH_US']);
    expect(transcribedAlone('HAITIAN_HT')).toBe(true);
    expect(transcribedAlone('ENGLISH_US')).toBe(false);
    expect(secondLocales(['ENGLISH_US', 'SPANISH_MX', 'HAITIAN_HT'], 'ENGLISH_US')).toEqual(['SPANISH_MX']);
  });
});
