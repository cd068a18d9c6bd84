/**
 * The ledger of the box's flags: how each is resolved reaches the audit trail as what was done (kept, fixed,
 * edited: Edit selected its words and changed nothing itself), and a Fix moves the flags after it.
 */
import { expect, it } from 'vitest';
import type { DictationFlag } from '../../../../preload/contract/index.ts';
import type { DictationEvent } from '../../../../main/features/dictation/ports.ts';
import { FlagLedger } from '../../../../main/features/dictation/flag-ledger.ts';

const text = 'Warfarin 5.0 mg. Aspirin 810 mg daily.';
const zero: DictationFlag = {
  id: 'zero',
  code: 'trailing_zero',
  start: 9,
  end: 12,
  facts: { said: '5.0', instead: '5' },
  fix: { start: 9, end: 12, from: '5.0', to: '5' },
  correction: false,
};
const tenfold: DictationFlag = {
  id: 'tenfold',
  code: 'dose_magnitude',
  start: 25,
  end: 31,
  facts: { drug: 'aspirin', said: '810 mg', earlier: '81 mg', factor: 10 },
  correction: false,
};

it('Edit in the box is recorded as edited, not fixed; a Fix moves the flags after it', () => {
  const events: DictationEvent[] = [];
  const ledger = new FlagLedger((e) => events.push(e));
  const open = ledger.finished('dictation box', text, [zero, tenfold]);
  expect(open.map((f) => f.words)).toEqual(['5.0', '810 mg']);
  const [moved] = ledger.resolve('zero', 'fix', null);
  expect(moved).toMatchObject({ id: 'tenfold', start: 23, end: 29, words: '810 mg' });
  expect(ledger.resolve('tenfold', 'edit', null)).toEqual([]);
  const how = events.map((e) => (e.kind === 'dictation_flag_resolved' ? e.how : e.kind));
  expect(how).toEqual(['fixed', 'edited']);
});
