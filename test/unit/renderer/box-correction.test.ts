/** The service's in-place corrections of the dictation box, as the sample dictation names them. */
import { describe, expect, it } from 'vitest';
import { correctionBetween } from '../../../renderer/lib/state/box-correction.ts';

describe('correctionBetween', () => {
  it('names the replaced words, whole, not the letters that differ', () => {
    expect(correctionBetween('Patient is table.', 'Patient is stable.')).toEqual({
      before: 'table',
      after: 'stable',
    });
    expect(correctionBetween('Continue a spring, recheck', 'Continue aspirin, recheck')).toEqual({
      before: 'a spring',
      after: 'aspirin',
    });
  });

  it('words added, or a tail taken back, are not corrections', () => {
    expect(correctionBetween('Patient is', 'Patient is stable.')).toBeNull();
    expect(correctionBetween('', 'Patient')).toBeNull();
    expect(correctionBetween('Patient is stable.', 'Patient is')).toBeNull();
  });

  it('a correction of the tail with words after it', () => {
    expect(correctionBetween('Give 15 mg daily.\n\n', 'Give 50 mg daily.\n\n')).toEqual({
      before: '15',
      after: '50',
    });
  });
});
