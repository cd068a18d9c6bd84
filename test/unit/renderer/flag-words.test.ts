/**
 * The dictation box's flags: Alt+K and Alt+F keep and fix the first; fixing in the finished box puts the
 * flag's fix in place of exactly its words (only where they still are) and selects the words of a flag with
 * no single right value for the clinician to change.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { DictationFlag } from '../../../preload/contract/index.ts';
import { fixInBox, fixLabel, flagKeyOf, flagText } from '../../../renderer/lib/state/flag-words.ts';
import { useLocale } from '../../../preload/words/window.ts';

const flag = (over: Partial<DictationFlag>): DictationFlag => ({
  id: 'x',
  code: 'sound_alike',
  start: 0,
  end: 11,
  facts: { drug: 'Hydroxyzine', instead: 'hydralazine' },
  fix: { start: 0, end: 11, from: 'Hydroxyzine', to: 'Hydralazine' },
  correction: false,
  ...over,
});

describe('flags in the dictation box', () => {
  it('Alt+K keeps, Alt+F fixes; other chords are not ours', () => {
    const key = (code: string, extra: { ctrlKey?: boolean } = {}) =>
      flagKeyOf({
        altKey: true,
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        code,
        ...extra,
      });
    expect(key('KeyK')).toBe('keep');
    expect(key('KeyF')).toBe('fix');
    expect(key('KeyF', { ctrlKey: true })).toBeNull();
    expect(key('KeyJ')).toBeNull();
  });

  it('a fix replaces exactly its words where they still are; a flag without one is selected', () => {
    expect(fixInBox('Hydroxyzine for blood pressure.', flag({}))).toEqual({
      text: 'Hydralazine for blood pressure.',
    });
    expect(fixInBox('Edited text here.', flag({}))).toBeNull();
    const zero = flag({
      code: 'trailing_zero',
      start: 9,
      end: 12,
      facts: { said: '5.0', instead: '5' },
      fix: { start: 9, end: 12, from: '5.0', to: '5' },
    });
    expect(fixInBox('Warfarin 5.0 mg daily.', zero)).toEqual({ text: 'Warfarin 5 mg daily.' });
    const tenfold = flag({
      code: 'dose_magnitude',
      start: 8,
      end: 14,
      facts: { drug: 'aspirin', said: '810 mg', earlier: '81 mg', factor: 10 },
      fix: undefined,
    });
    expect(fixInBox('Aspirin 810 mg.', tenfold)).toEqual({ select: { start: 8, end: 14 } });
  });

  it('names what Fix puts in without the space it may bring ("5U" → "5 units")', async () => {
    await useLocale('en');
    const units = { start: 1, end: 2, from: 'U', to: ' units' };
    expect(fixLabel(flag({ code: 'error_prone_abbreviation', fix: units }))).toBe('Fix → units');
  });

  it("Edit selects nothing where the flag's words are no longer at its place", () => {
    const tenfold = flag({
      code: 'dose_magnitude',
      start: 25,
      end: 31,
      words: '810 mg',
      facts: { drug: 'aspirin', said: '810 mg', earlier: '81 mg', factor: 10 },
      fix: undefined,
    });
    const fixed = 'Warfarin 5 mg. Aspirin 810 mg daily.';
    expect(fixInBox('Warfarin 5.0 mg. Aspirin 810 mg daily.', tenfold)).toEqual({
      select: { start: 25, end: 31 },
    });
    expect(fixInBox(fixed, tenfold)).toBeNull(); // not "0 mg d"
    expect(fixInBox(fixed, { ...tenfold, start: 23, end: 29 })).toEqual({ select: { start: 23, end: 29 } });
  });
});

describe("a flag on the clinician's own edit of a note section", () => {
  const dose = flag({ code: 'dose_changed', facts: { said: '810 mg', instead: '81 mg' } });
  const zero = flag({ code: 'trailing_zero', facts: { said: '5.0 mg', instead: '5 mg' } });

  it.each([
    ['en', 'Your edit changed the dose: 81 mg → 810 mg', 'A correction changed the dose: 81 mg → 810 mg'],
    [
      'fr',
      'Votre modification a changé la dose : 81 mg → 810 mg',
      'Une correction a changé la dose : 81 mg → 810 mg',
    ],
    ['es', 'Su cambio modificó la dosis: 81 mg → 810 mg', 'Una corrección cambió la dosis: 81 mg → 810 mg'],
  ] as const)('says "your edit", not "a correction" (%s)', async (locale, edit, correction) => {
    await useLocale(locale);
    expect(flagText(dose, true)).toBe(edit);
    expect(flagText(dose)).toBe(correction);
    // A flag that compares nothing before reads the same wherever it is raised.
    expect(flagText(zero, true)).toBe(flagText(zero));
  });

  it.each([
    ['en', 'The note written again turned hyperglycemia into hypoglycemia'],
    ['fr', 'La note réécrite a changé hyperglycemia en hypoglycemia'],
    ['es', 'La nota reescrita modificó hyperglycemia por hypoglycemia'],
  ] as const)('says "the note written again" when that raised it (%s)', async (locale, text) => {
    await useLocale(locale);
    const hypo = flag({ code: 'hyper_hypo', facts: { said: 'hypoglycemia', instead: 'hyperglycemia' } });
    expect(flagText({ ...hypo, rewritten: true }, true)).toBe(text);
  });

  afterAll(() => useLocale('en'));
});
