/**
 * A medication value no table knows, read from its words in every language (issue 19): a snake_case code
 * in lower case, except the abbreviations a clinician reads as they are (IV, PO, Q8H, B12).
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../preload/words/index.ts';
import { medicationName as nameIn } from '../../../preload/words/medication-names.ts';

describe.each(Object.entries(LOCALES))('an unknown medication value in %s', (_tag, words) => {
  const m = words.medication;

  it('keeps a known abbreviation of a code in capitals and lowers its other words', () => {
    expect(nameIn(m, 'route', 'IV_PUSH')).toBe('IV push');
    expect(nameIn(m, 'route', 'PO_OR_NG')).toBe('PO or NG');
    expect(nameIn(m, 'frequency', 'BID_WITH_MEALS')).toBe('BID with meals');
    expect(nameIn(m, 'action', 'TAPER_OFF')).toBe('taper off');
    // Words of 2 to 4 letters in a code in capitals are words, not abbreviations.
    expect(nameIn(m, 'frequency', 'AS_DIRECTED')).toBe('as directed');
    expect(nameIn(m, 'frequency', 'EVERY_FULL_MOON')).toBe('every full moon');
  });

  it('keeps letters with digits, and capitals the value itself sets apart', () => {
    expect(nameIn(m, 'frequency', 'Q8H_WHILE_AWAKE')).toBe('Q8H while awake');
    expect(nameIn(m, 'route', 'D5W_INFUSION')).toBe('D5W infusion');
    expect(nameIn(m, 'route', 'IV_push')).toBe('IV push');
    expect(nameIn(m, 'route', 'Iv_Push')).toBe('iv push');
    expect(nameIn(m, 'action', 'taper_off')).toBe('taper off');
  });

  it('shows it readably, never dropped and never as a snake_case code', () => {
    expect(nameIn(m, 'route', 'INTRAOSSEOUS')).toBe('intraosseous');
    // Short capitals may be an abbreviation a clinician knows; words the service wrote stay as written.
    expect(nameIn(m, 'frequency', 'TIW')).toBe('TIW');
    expect(nameIn(m, 'frequency', 'une fois par jour')).toBe('une fois par jour');
    expect(nameIn(m, 'frequency', 'q0h')).toBe('q0h');
    expect(nameIn(m, 'frequency', '3 DAY')).toBe('3 DAY');
  });
});
