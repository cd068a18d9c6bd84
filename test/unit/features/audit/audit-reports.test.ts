/**
 * The trail records what the features report (recordReports, as the composition root wires it): the
 * policy in force when it starts listening and after each change, each sign-in and sign-out, each step of
 * a visit, note and dictation, in the order reported, with safe fields only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Emitter } from '../../../../main/base/async/emitter.ts';
import { AuditLog } from '../../../../main/features/audit/audit-log.ts';
import { recordCliReports, recordReports } from '../../../../main/features/audit/audit-reports.ts';
import type { CliCommandEvent } from '../../../../main/features/audit/audit-reports.ts';
import type { UpdateRefusedEvent } from '../../../../main/features/updates/ports.ts';
import type { SignInEvent } from '../../../../main/features/connection/ports.ts';
import type { DictationEvent } from '../../../../main/features/dictation/ports.ts';
import type { NoteEvent } from '../../../../main/features/note/ports.ts';
import type { ScheduleEvent } from '../../../../main/features/schedule/ports.ts';
import type { PolicyEvent } from '../../../../main/features/settings/ports.ts';
import type { VisitEvent } from '../../../../main/features/visit/ports.ts';

let dir: string;
let audit: AuditLog;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-reports-'));
  audit = new AuditLog({ dir, source: { via: 'app', version: '1.0.0' }, who: () => ({ account: 'a' }) });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A feature's service as the trail listens to it. */
const reporter = <T>() => {
  const emitter = new Emitter<T>();
  return {
    onDidReport: (listener: (event: T) => void) => emitter.on(listener),
    report: (e: T) => emitter.emit(e),
  };
};

function features(applied: PolicyEvent | null, dictation = true) {
  return {
    policy: { ...reporter<PolicyEvent>(), applied: () => applied },
    connections: reporter<SignInEvent>(),
    visit: reporter<VisitEvent>(),
    notes: reporter<NoteEvent>(),
    schedule: reporter<ScheduleEvent>(),
    dictation: dictation ? reporter<DictationEvent>() : null,
  };
}

describe('recordReports', () => {
  it('records the policy in force, then each report in the order reported', async () => {
    const f = features({ kind: 'policy_applied', keys: ['serviceUrl'] });
    recordReports(audit, f);
    f.connections.report({
      kind: 'signed_in',
      mode: 'organization',
      caller: 'user',
      region: 'eu',
      how: 'entered',
    });
    f.visit.report({ kind: 'visit_started', sample: false, streams: 2 });
    f.visit.report({ kind: 'visit_ended', how: 'tray' });
    f.notes.report({ kind: 'note_generated', mode: 'async', withContext: true });
    f.notes.report({ kind: 'note_copied', section: 'PLAN' });
    f.visit.report({ kind: 'journal_discarded', journal: '0d6f3f0e-0f4b-4c8e-9b1a-2f1f3f9a7c11' });
    f.policy.report({ kind: 'policy_applied', keys: ['serviceUrl', 'signInMethod'] });
    f.connections.report({ kind: 'signed_out', why: 'policy' });
    f.dictation?.report({ kind: 'dictation_inserted', into: 'winword.exe' });
    f.dictation?.report({ kind: 'dictation_not_inserted', into: 'wfica32.exe', reason: 'not_landed' });
    expect((await audit.read()).map((r) => r.what)).toEqual([
      { kind: 'policy_applied', keys: ['serviceUrl'] },
      { kind: 'signed_in', mode: 'organization', caller: 'user', region: 'eu', how: 'entered' },
      { kind: 'visit_started', sample: false, streams: 2 },
      { kind: 'visit_ended', how: 'tray' },
      { kind: 'note_generated', mode: 'async', withContext: true },
      { kind: 'note_copied', section: 'PLAN' },
      { kind: 'journal_discarded', journal: '0d6f3f0e-0f4b-4c8e-9b1a-2f1f3f9a7c11' },
      { kind: 'policy_applied', keys: ['serviceUrl', 'signInMethod'] },
      { kind: 'signed_out', why: 'policy' },
      { kind: 'dictation_inserted', into: 'winword.exe' },
      { kind: 'dictation_not_inserted', into: 'wfica32.exe', reason: 'not_landed' },
    ]);
    expect(await audit.verify()).toMatchObject({ ok: true, records: 11 });
  });

  it("records an installer refused as the updates feature reports it, and the CLI's sessions as the CLI reports them", async () => {
    const updates = reporter<UpdateRefusedEvent>();
    recordReports(audit, { ...features(null), updates });
    updates.report({
      kind: 'update_refused',
      reason: 'embedded_version_mismatch',
      announced: '9.9.9',
      embedded: '0.0.1',
    });
    const cli = reporter<CliCommandEvent>();
    recordCliReports(audit, { cli });
    cli.report({ kind: 'cli_command', command: 'note', exitCode: 3 });
    expect((await audit.read()).map((r) => r.what)).toEqual([
      { kind: 'update_refused', reason: 'embedded_version_mismatch', announced: '9.9.9', embedded: '0.0.1' },
      { kind: 'cli_command', command: 'note', exitCode: 3 },
    ]);
  });

  it('records no policy when none is in force, and works without dictation', async () => {
    const f = features(null, false);
    recordReports(audit, f);
    f.visit.report({ kind: 'visit_ended', how: 'quit' });
    expect((await audit.read()).map((r) => r.what)).toEqual([{ kind: 'visit_ended', how: 'quit' }]);
  });

  it('an application name is cut to a process name: no line break, no sentence punctuation', async () => {
    const f = features(null);
    recordReports(audit, f);
    f.dictation?.report({ kind: 'dictation_inserted', into: '\n/usr/bin/gedit;x' });
    const [record] = await audit.read();
    expect(record?.what).toEqual({ kind: 'dictation_inserted', into: 'usr_bin_gedit_x' });
  });

  it('a report the trail refuses (a field that is not key-shaped) is not written, and the rest still are', async () => {
    const failures: string[] = [];
    const strict = new AuditLog({
      dir,
      source: { via: 'app', version: '1.0.0' },
      who: () => ({ account: 'a' }),
      onDidFail: (kind, code) => void failures.push(`${kind}:${code}`),
    });
    const f = features(null);
    recordReports(strict, f);
    f.notes.report({ kind: 'note_copied', section: 'Patient Zelda said' });
    f.notes.report({ kind: 'instructions_copied' });
    expect((await strict.read()).map((r) => r.what)).toEqual([{ kind: 'instructions_copied' }]);
    expect(failures).toEqual(['note_copied:invalid_event']);
  });
});
