/**
 * Undo and flagged corrections reach the audit trail with no patient text: a dictation with a canary phrase
 * whose dose a correction changes, inserted, then undone, through the real DictationService and AuditLog.
 */
import { expect, it, vi } from 'vitest';
import { auditedDictations } from './audited-dictation.ts';

const CANARY = 'Zyxwv Canary-Patient 4471';
const start = auditedDictations();

it('dictation_undone and dictation_correction_flagged are recorded, without the text', async () => {
  const { audit, inserter, sessions, dictation, raw } = await start();
  await dictation.start();
  await vi.waitFor(() => expect(sessions).toHaveLength(1));
  sessions[0]!.unit(`${CANARY} takes 5 mg.`);
  sessions[0]!.set(`${CANARY} takes 50 mg.`); // ASYNC_CORRECTION of the dose
  await dictation.stop();
  await dictation.controller.undo();
  expect(inserter.field).toBe(''); // it was undone
  expect(dictation.state().box.text).toBe(`${CANARY} takes 50 mg.`); // and kept in the box
  await vi.waitFor(async () =>
    expect((await audit.read()).map((r) => r.what)).toEqual([
      { kind: 'dictation_flag_shown', into: 'winword.exe', check: 'dose', code: 'dose_changed' },
      { kind: 'dictation_inserted', into: 'winword.exe' },
      { kind: 'dictation_correction_flagged', into: 'winword.exe' },
      { kind: 'dictation_undone', into: 'winword.exe', removed: true },
    ]),
  );
  const trail = await raw();
  expect(trail).not.toContain('Canary');
  expect(trail).not.toContain('50 mg');
  dictation.dispose();
});
