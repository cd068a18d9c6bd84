import { describe, expect, it } from 'vitest';
import { checkText, type CheckContext } from '../../../../main/core/checks/check-text.ts';

/** Each flag as [code, the text it points at, its facts]. */
function flags(text: string, context?: CheckContext) {
  return checkText(text, context).flatMap((s) =>
    s.flags.map((f) => [f.code, text.slice(f.start, f.end), f.facts] as const),
  );
}

describe('checkText', () => {
  it('splits sentences with their ranges, a decimal point and "q.d." kept inside', () => {
    const text = 'Give 0.5 mg q.d. now. No fever.\nCough.';
    const sentences = checkText(text).map((s) => text.slice(s.start, s.end));
    expect(sentences).toEqual(['Give 0.5 mg q.d. now.', 'No fever.', 'Cough.']);
  });

  it('points each error-prone form at what was written and says what to write', () => {
    expect(flags('Warfarin 5.0 mg, lorazepam .5 mg, insulin 10 U QD, 2 cc, B12 1000 µg QOD.')).toEqual([
      ['trailing_zero', '5.0', { said: '5.0', instead: '5' }],
      ['naked_decimal', '.5', { said: '.5', instead: '0.5' }],
      ['error_prone_abbreviation', 'U', { said: 'U', instead: 'units' }],
      ['error_prone_abbreviation', 'QD', { said: 'QD', instead: 'daily' }],
      ['error_prone_abbreviation', 'cc', { said: 'cc', instead: 'mL' }],
      ['error_prone_abbreviation', 'µg', { said: 'µg', instead: 'mcg' }],
      ['error_prone_abbreviation', 'QOD', { said: 'QOD', instead: 'every other day' }],
    ]);
  });

  it('flags a dose ten times the same drug’s earlier dose, not another drug’s, not a repeated one', () => {
    expect(flags('Aspirin 810 mg.', { earlier: 'Aspirin 81 mg daily.' })).toEqual([
      ['dose_magnitude', '810 mg', { drug: 'aspirin', said: '810 mg', earlier: '81 mg', factor: 10 }],
    ]);
    expect(flags('Metoprolol 810 mg.', { earlier: 'Aspirin 81 mg daily.' })).toEqual([]);
    expect(flags('Aspirin 810 mg.', { earlier: 'Aspirin 81 mg. Aspirin 810 mg.' })).toEqual([]);
  });

  it('asks "did you mean" for a sound-alike given the other drug’s use, and never changes the text', () => {
    const text = 'Hydroxyzine 25 mg for blood pressure.';
    expect(flags(text)).toEqual([
      ['sound_alike', 'Hydroxyzine', { drug: 'Hydroxyzine', instead: 'hydralazine', source: 'ismp2023' }],
    ]);
  });

  it('flags a side in conflict with an earlier sentence’s, and a side, unit or polarity a correction changed', () => {
    expect(flags('Left knee pain. Right knee swollen.')).toEqual([
      ['side_conflict', 'Right', { part: 'knee', said: 'right', instead: 'left' }],
    ]);
    expect(flags('Right knee pain.', { before: 'Left knee pain.' })).toEqual([
      ['side_changed', 'Right', { part: 'knee', said: 'right', instead: 'left' }],
    ]);
    expect(flags('Give 5 mg.', { before: 'Give 5 mcg.' })).toEqual([
      ['unit_changed', '5 mg', { said: '5 mg', instead: '5 mcg' }],
    ]);
    expect(flags('Chest pain.', { before: 'No chest pain.' })).toEqual([
      ['polarity_flipped', 'Chest pain', { finding: 'chest pain', from: 'negated', to: 'affirmed' }],
    ]);
    expect(flags('Hypoglycemia.', { before: 'Hyperglycemia.' })).toEqual([
      ['hyper_hypo', 'Hypoglycemia', { said: 'hypoglycemia', instead: 'hyperglycemia' }],
    ]);
  });

  it('flags a number without a unit a correction changed (a blood pressure, a count), not one left as it was', () => {
    expect(flags('BP 160/80, 3 tablets.', { before: 'BP 120/80, 2 tablets.' })).toEqual([
      ['number_changed', '160', { said: '160', instead: '120' }],
      ['number_changed', '3', { said: '3', instead: '2' }],
    ]);
    expect(flags('Blood pressure 120/80 today.', { before: 'BP 120/80.' })).toEqual([]);
    // A dose's value is the dose check's; written 2,5 or 2.5 it is the same number.
    expect(flags('Give 50 mg twice, day 2.5.', { before: 'Give 5 mg twice, day 2,5.' })).toEqual([
      ['dose_changed', '50 mg', { said: '50 mg', instead: '5 mg' }],
    ]);
    // Said in words: "fifteen" heard again as "fifty" is a dose or a number changed, as 15 → 50 would be.
    expect(
      flags('Take fifty milligrams, two tablets.', { before: 'Take fifteen milligrams, two tablets.' }),
    ).toEqual([
      ['dose_changed', 'fifty milligrams', { said: 'fifty milligrams', instead: 'fifteen milligrams' }],
    ]);
    expect(
      flags('BP one sixty over eighty, pulse twenty-six.', {
        before: 'BP 140 over eighty, pulse twenty-five.',
      }),
    ).toEqual([
      ['number_changed', 'one sixty', { said: 'one sixty', instead: '140' }],
      ['number_changed', 'twenty-six', { said: 'twenty-six', instead: 'twenty-five' }],
    ]);
    // "One" right before a unit is a dose: one milligram heard again as ten is the tenfold error.
    expect(flags('Take ten milligrams at night.', { before: 'Take one milligram at night.' })).toEqual([
      ['dose_changed', 'ten milligrams', { said: 'ten milligrams', instead: 'one milligram' }],
    ]);
    expect(flags('Prendre dix milligrammes.', { before: 'Prendre un milligramme.' })).toEqual([
      ['dose_changed', 'dix milligrammes', { said: 'dix milligrammes', instead: 'un milligramme' }],
    ]);
    expect(flags('Tomar diez miligramos.', { before: 'Tomar uno miligramo.' })).toEqual([
      ['dose_changed', 'diez miligramos', { said: 'diez miligramos', instead: 'uno miligramo' }],
    ]);
    // French and Spanish numbers said in words: "quinze" heard again as "cinquante" is the tenfold error.
    expect(flags('Prendre cinquante milligrammes.', { before: 'Prendre quinze milligrammes.' })).toEqual([
      [
        'dose_changed',
        'cinquante milligrammes',
        { said: 'cinquante milligrammes', instead: 'quinze milligrammes' },
      ],
    ]);
    expect(
      flags('Tension cent soixante, pouls quatre-vingt-dix.', {
        before: 'Tension cent quarante, pouls quatre-vingt-dix.',
      }),
    ).toEqual([['number_changed', 'cent soixante', { said: 'cent soixante', instead: 'cent quarante' }]]);
    expect(
      flags('Fiebre desde hace treinta y seis horas.', { before: 'Fiebre desde hace 35 horas.' }),
    ).toEqual([['number_changed', 'treinta y seis', { said: 'treinta y seis', instead: '35' }]]);
    expect(
      flags('Dolor desde hace veinte y cinco días.', { before: 'Dolor desde hace veinticinco días.' }),
    ).toEqual([]);
    // Spanish "once" (11) is not read: in English it is "once a day".
    expect(flags('Take it twice a day.', { before: 'Take it once a day.' })).toEqual([]);
    // A dose said in words then written is the same dose: the other number's change is still seen.
    expect(flags('Give 5 mg now, pulse 90.', { before: 'Give five mg now, pulse 80.' })).toEqual([
      ['number_changed', '90', { said: '90', instead: '80' }],
    ]);
    // The same value written otherwise, and the same words again, are no change.
    expect(flags('Take 2 tablets, the left one.', { before: 'Take two tablets, the left one.' })).toEqual([]);
    // "one" as a pronoun, "un"/"uno" as articles, and "two, three" are not numbers to pair with others.
    expect(flags('The left knee is swollen for 2 days.', { before: 'The left one is swollen.' })).toEqual([]);
    expect(flags('Mal de tête depuis 2 jours.', { before: 'Il a un mal de tête.' })).toEqual([]);
    expect(flags('Tiene dolor desde hace 5 días.', { before: 'Tiene un dolor desde hace 3 días.' })).toEqual([
      ['number_changed', '5', { said: '5', instead: '3' }],
    ]);
    expect(flags('Take two, four times a day.', { before: 'Take two, three times a day.' })).toEqual([
      ['number_changed', 'four', { said: 'four', instead: 'three' }],
    ]);
    // Numbers are paired between the ones said on both sides: one added (temp 37) pairs nothing else with
    // the wrong partner, and a change beside an added number is still seen.
    expect(
      flags('BP 120/80, pulse 70, temp 37. Seen 2 days ago.', {
        before: 'BP 120/80, pulse 70. Seen 2 days ago.',
      }),
    ).toEqual([]);
    expect(flags('Pulse 5, BP 160/80.', { before: 'BP 120/80, pulse 5.' })).toEqual([]);
    // A sentence rewritten, its number by other words, is not a number changed in place.
    expect(
      flags('Start ibuprofen and return in two weeks.', { before: 'Chest pain for three days.' }),
    ).toEqual([]);
    expect(flags('For 3 weeks, BP 160/80.', { before: 'BP 120/80.' })).toEqual([]);
    expect(flags('Seen 2 days ago, BP 160/80, pulse 70.', { before: 'Seen 2 days ago, BP 120/80.' })).toEqual(
      [['number_changed', '160', { said: '160', instead: '120' }]],
    );
    expect(flags('BP 160/80, pulse 70, temp 37.', { before: 'BP 120/80, pulse 70.' })).toEqual([
      ['number_changed', '160', { said: '160', instead: '120' }],
    ]);
  });

  it('gives each finding its polarity and the range of the cue that set it', () => {
    const text = 'Denies fever but reports cough; pneumonia not excluded.';
    const findings = checkText(text)[0]!.findings.map((f) => [
      text.slice(f.start, f.end),
      f.polarity,
      f.cue && text.slice(f.cue.start, f.cue.end),
    ]);
    expect(findings).toEqual([
      ['fever', 'negated', 'Denies'],
      ['cough', 'affirmed', undefined],
      ['pneumonia', 'possible', 'not excluded'],
    ]);
  });
});
