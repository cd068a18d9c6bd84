/**
 * The checks' flags reach the audit trail as kinds and codes only: a dictation with a canary patient phrase,
 * a tenfold dose, a sound-alike and a correction of a side, each flag shown and kept, fixed or left, through
 * the real DictationService and AuditLog. The canary and the flagged values are in no audit record and no log
 * line (console, stderr, onError).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { auditedDictations } from './audited-dictation.ts';

const CANARY = 'Zyxwv Canary-Patient 4471';
const start = auditedDictations();
afterEach(() => vi.restoreAllMocks());

it('flags shown and resolved are recorded by kind and code, never with the text', async () => {
  const written: string[] = [];
  const keep = (...args: unknown[]) => void written.push(args.map(String).join(' '));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation(keep);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (keep(chunk), true));
  const { audit, inserter, sessions, dictation, raw } = await start({
    onError: (e) => keep(e.message, e.stack),
  });

  await dictation.start();
  await vi.waitFor(() => expect(sessions).toHaveLength(1));
  sessions[0]!.unit(`${CANARY} takes metoprolol 5 mg. Left knee swelling.`);
  await dictation.stop();
  await dictation.start();
  await vi.waitFor(() => expect(sessions).toHaveLength(2));
  sessions[1]!.unit(`${CANARY} metoprolol 50 mg. Hydroxyzine for blood pressure. Left hip pain.`);
  sessions[1]!.set(`${CANARY} metoprolol 50 mg. Hydroxyzine for blood pressure. Right hip pain.`);
  const open1 = await vi.waitFor(() => {
    const flags = dictation.state().box.flags ?? [];
    expect(flags.map((f) => f.code).sort()).toEqual(['dose_magnitude', 'side_changed', 'sound_alike']);
    return flags;
  });
  dictation.resolveFlag(open1.find((f) => f.code === 'sound_alike')!.id, 'fix');
  await dictation.stop();
  dictation.resolveFlag(open1.find((f) => f.code === 'dose_magnitude')!.id, 'keep');
  await dictation.start(); // the next dictation replaces the box: the side's flag is left
  await vi.waitFor(() => expect(sessions).toHaveLength(3));
  sessions[2]!.unit('Plan unchanged.');
  await dictation.stop();

  const flagRecords = async () =>
    (await audit.read()).map((r) => r.what).filter((w) => w.kind.startsWith('dictation_flag'));
  await vi.waitFor(async () =>
    expect(await flagRecords()).toEqual(
      expect.arrayContaining([
        { kind: 'dictation_flag_shown', into: 'winword.exe', check: 'dose', code: 'dose_magnitude' },
        { kind: 'dictation_flag_shown', into: 'winword.exe', check: 'sound_alike', code: 'sound_alike' },
        { kind: 'dictation_flag_shown', into: 'winword.exe', check: 'side', code: 'side_changed' },
        {
          kind: 'dictation_flag_resolved',
          into: 'winword.exe',
          check: 'sound_alike',
          code: 'sound_alike',
          how: 'fixed',
        },
        {
          kind: 'dictation_flag_resolved',
          into: 'winword.exe',
          check: 'dose',
          code: 'dose_magnitude',
          how: 'kept',
        },
        {
          kind: 'dictation_flag_resolved',
          into: 'winword.exe',
          check: 'side',
          code: 'side_changed',
          how: 'left',
        },
      ]),
    ),
  );
  expect(inserter.field).toContain('Hydralazine for blood pressure.');
  const trail = await raw();
  stderr.mockRestore();
  // The chain's hashes are hex: any four digits turn up in them by chance (a run failed on "…c8144717…").
  const unhashed = trail.replace(/"(?:prev|hash)":"[0-9a-f]{64}"/g, '');
  expect(unhashed.length).toBeLessThan(trail.length);
  for (const text of [unhashed, written.join('\n')])
    for (const secret of ['Canary', '4471', '50 mg', 'metoprolol', 'ydroxyzine', 'ydralazine', 'hip'])
      expect(text).not.toContain(secret);
  dictation.dispose();
});
