/**
 * A correction's flags come from the clinical text checks (main/core/checks), compared before and after: a
 * dose's value or unit, a side, a finding's polarity, "hyper" turned "hypo"; a spelling fix raises none.
 */
import { describe, expect, it } from 'vitest';
import { correctionCheck } from '../../../../../main/features/dictation/commands/meaning-check.ts';

const codes = (before: string, after: string) => correctionCheck(before, after).map((f) => f.code);

describe('a correction that changes the meaning is flagged', () => {
  it('a dose, a unit, a side, a dropped "no", hyper ↔ hypo', () => {
    expect(codes('Give 5 mg of morphine.', 'Give 50 mg of morphine.')).toEqual(['dose_changed']);
    expect(codes('Give 5 mcg.', 'Give 5 mg.')).toEqual(['unit_changed']);
    expect(codes('Left knee pain.', 'Right knee pain.')).toEqual(['side_changed']);
    expect(codes('No chest pain.', 'Chest pain.')).toEqual(['polarity_flipped']);
    expect(codes('Hyperglycemia noted.', 'Hypoglycemia noted.')).toEqual(['hyper_hypo']);
    expect(codes('Hypotension.', 'Hypertension.')).toEqual(['hyper_hypo']);
  });

  it('a spelling fix or a text that only grew is not', () => {
    expect(codes('Give 5 mg of morfine.', 'Give 5 mg of morphine.')).toEqual([]);
    expect(codes('No chest pain.', 'No chest pain. Knee fine.')).toEqual([]);
  });

  it('names each flag by its code and words, the same after the text grows', () => {
    const [flag] = correctionCheck('Give 5 mg.', 'Give 50 mg.');
    expect(flag).toMatchObject({ id: 'c:dose_changed:50 mg:0', start: 5, end: 10, correction: true });
    expect(flag?.facts).toEqual({ said: '50 mg', instead: '5 mg' });
  });
});
