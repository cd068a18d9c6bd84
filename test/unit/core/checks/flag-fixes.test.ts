import { describe, expect, it } from 'vitest';
import { checkText, type CheckContext } from '../../../../main/core/checks/check-text.ts';

/** Each flag as [code, the text Fix makes of the whole text, or null when it has no fix]. */
function fixes(text: string, context?: CheckContext) {
  return checkText(text, context).flatMap((s) =>
    s.flags.map((f) => {
      if (!f.fix) return [f.code, null] as const;
      expect(text.slice(f.fix.start, f.fix.end)).toBe(f.fix.from);
      return [f.code, text.slice(0, f.fix.start) + f.fix.to + text.slice(f.fix.end)] as const;
    }),
  );
}

describe('the fix of each flag', () => {
  it('writes each error-prone form the safe way, in place', () => {
    expect(fixes('Warfarin 5.0 mg.')).toEqual([['trailing_zero', 'Warfarin 5 mg.']]);
    expect(fixes('Lorazepam .5 mg.')).toEqual([['naked_decimal', 'Lorazepam 0.5 mg.']]);
    expect(fixes('Insulin 10 U now.')).toEqual([['error_prone_abbreviation', 'Insulin 10 units now.']]);
    expect(fixes('Insulin 10IU now.')).toEqual([['error_prone_abbreviation', 'Insulin 10 units now.']]);
    expect(fixes('Lisinopril 10 mg QD.')).toEqual([['error_prone_abbreviation', 'Lisinopril 10 mg daily.']]);
    expect(fixes('Aspirin 81 mg QOD.')).toEqual([
      ['error_prone_abbreviation', 'Aspirin 81 mg every other day.'],
    ]);
    expect(fixes('Saline 2 cc.')).toEqual([['error_prone_abbreviation', 'Saline 2 mL.']]);
    expect(fixes('B12 1000 µg.')).toEqual([['error_prone_abbreviation', 'B12 1000 mcg.']]);
  });

  it('puts the name a sound-alike may have been meant as, in its case', () => {
    expect(fixes('Hydroxyzine 25 mg for blood pressure.')).toEqual([
      ['sound_alike', 'Hydralazine 25 mg for blood pressure.'],
    ]);
  });

  it('puts back the wording before a correction: a unit, a dose, a number', () => {
    expect(fixes('Give 5 mg.', { before: 'Give 5 mcg.' })).toEqual([['unit_changed', 'Give 5 mcg.']]);
    expect(fixes('Give 50 mg.', { before: 'Give 5 mg.' })).toEqual([['dose_changed', 'Give 5 mg.']]);
    expect(fixes('BP 160/80.', { before: 'BP 120/80.' })).toEqual([['number_changed', 'BP 120/80.']]);
  });

  it('puts back a side, a "no" and hyper- as they were worded, the cue with them', () => {
    expect(fixes('Right knee pain.', { before: 'Left knee pain.' })).toEqual([
      ['side_changed', 'Left knee pain.'],
    ]);
    expect(fixes('Chest pain.', { before: 'No chest pain.' })).toEqual([
      ['polarity_flipped', 'No chest pain.'],
    ]);
    expect(fixes('Reports fever and chest pain.', { before: 'Denies fever and chest pain.' })).toEqual([
      ['polarity_flipped', 'Denies fever and chest pain.'],
      ['polarity_flipped', 'Denies fever and chest pain.'],
    ]);
    expect(fixes('Hypoglycemia.', { before: 'Hyperglycemia.' })).toEqual([['hyper_hypo', 'Hyperglycemia.']]);
  });

  it('reads the wording before in the flag’s own sentence: another sentence’s change stays', () => {
    expect(
      fixes('Right knee swelling. Chest pain.', { before: 'Left knee swelling. No chest pain.' }),
    ).toEqual([
      ['side_changed', 'Left knee swelling. Chest pain.'],
      ['polarity_flipped', 'Right knee swelling. No chest pain.'],
    ]);
  });

  it('puts back whole words, and has no fix where the change also touched another flag’s words', () => {
    expect(fixes('Hypertension noted, left.', { before: 'Hypotension noted, right.' })).toEqual([
      ['hyper_hypo', 'Hypotension noted, right.'],
    ]);
    // A Fix of the side would put the dose back too, even once the dose's flag was kept.
    expect(fixes('Right knee and 10 mg.', { before: 'Left knee and 5 mg.' })).toEqual([
      ['side_changed', null],
      ['dose_changed', 'Right knee and 5 mg.'],
    ]);
  });

  it('has no fix for a dose ten times an earlier one, nor for sides in conflict', () => {
    expect(fixes('Aspirin 810 mg.', { earlier: 'Aspirin 81 mg daily.' })).toEqual([['dose_magnitude', null]]);
    expect(fixes('Right knee swollen.', { earlier: 'Left knee pain.' })).toEqual([['side_conflict', null]]);
  });
});
