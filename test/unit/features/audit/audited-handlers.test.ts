/** The IPC hooks: a success writes its event with safe fields only; a failure writes nothing. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../../main/features/audit/audit-log.ts';
import { auditedHandlers } from '../../../../main/features/audit/audited-handlers.ts';
import type { ChannelHandlers } from '../../../../main/core/ipc/channel-map.ts';
import { channels } from '../../../../preload/contract/index.ts';

type Handlers = ChannelHandlers<typeof channels>;
let dir: string;
let audit: AuditLog;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-hooks-'));
  audit = new AuditLog({ dir, source: { via: 'app', version: '1.0.0' }, who: () => ({ account: 'a' }) });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const ctx = { channel: 'test' };
/** Connect commands answer only accepted: the hook reads the status main holds after the command. */
const signedInNow = { mode: 'organization', caller: 'user', region: 'eu', checks: [] };
const sources = (status: unknown = signedInNow, sample = false) => ({
  connectionStatus: () => status as never,
  visitState: () => ({ sample }) as never,
});

function handlers(result: 'ok' | 'fail'): Handlers {
  const answer = (data: unknown) =>
    result === 'ok'
      ? { ok: true as const, data: data as never }
      : { ok: false as const, error: { code: 'service_error' as const, message: 'no', retryable: false } };
  const data = (name: string) =>
    name.startsWith('connect:') || name.startsWith('visit:') ? { accepted: true } : {};
  return Object.fromEntries(
    Object.keys(channels).map((name) => [name, () => answer(data(name))]),
  ) as unknown as Handlers;
}

describe('auditedHandlers', () => {
  it('records each audited success with its safe fields', async () => {
    const h = auditedHandlers(handlers('ok'), audit, sources());
    await h['connect:configure']({ baseUrl: 'https://eu.x', credentials: {} } as never, ctx);
    await h['visit:start']({ speakers: { mode: 'dual' } } as never, ctx);
    await h['note:generate']({ mode: 'async', extraContext: 'Patient Zelda said…' } as never, ctx);
    await h['copy:note']({ sectionKey: 'PLAN' }, ctx);
    await h['visit:forgetRecoverable']({ id: '0d6f3f0e-0f4b-4c8e-9b1a-2f1f3f9a7c11' }, ctx);
    await h['settings:get']({} as never, ctx);
    expect((await audit.read()).map((r) => r.what)).toEqual([
      { kind: 'signed_in', mode: 'organization', caller: 'user', region: 'eu', how: 'entered' },
      { kind: 'visit_started', sample: false, streams: 2 },
      { kind: 'note_generated', mode: 'async', withContext: true },
      { kind: 'note_copied', section: 'PLAN' },
      { kind: 'journal_discarded', journal: '0d6f3f0e-0f4b-4c8e-9b1a-2f1f3f9a7c11' },
    ]);
  });

  it('reads whether a started visit is the sample from the state main holds after Start', async () => {
    const h = auditedHandlers(handlers('ok'), audit, sources(signedInNow, true));
    await h['visit:start']({ speakers: { mode: 'single' } } as never, ctx);
    expect((await audit.read()).map((r) => r.what)).toEqual([
      { kind: 'visit_started', sample: true, streams: 1 },
    ]);
  });

  it('records nothing when the handler failed, and passes its answer through', async () => {
    const h = auditedHandlers(handlers('fail'), audit, sources());
    const result = await h['visit:end']({} as never, ctx);
    expect(result.ok).toBe(false);
    expect(await audit.read()).toEqual([]);
  });
});

describe('a sign-in the service refused', () => {
  const status = (checks: Array<{ id: string; status: string }>) => ({
    mode: 'organization',
    caller: 'user',
    region: 'eu',
    checks: checks.map((c) => ({ ...c, reason: 'unknown' })),
  });

  it('is recorded as refused, naming the failed check, not as signed in', async () => {
    const h = auditedHandlers(
      handlers('ok'),
      audit,
      sources(
        status([
          { id: 'address', status: 'pass' },
          { id: 'sign-in', status: 'fail' },
        ]),
      ),
    );
    await h['connect:configure']({ baseUrl: 'https://eu.x', credentials: {} } as never, ctx);
    expect((await audit.read()).map((r) => r.what)).toEqual([
      { kind: 'sign_in_refused', mode: 'organization', check: 'sign-in', how: 'entered' },
    ]);
  });

  it('a failing microphone check still counts as signed in', async () => {
    const h = auditedHandlers(
      handlers('ok'),
      audit,
      sources(
        status([
          { id: 'sign-in', status: 'pass' },
          { id: 'microphone', status: 'fail' },
        ]),
      ),
    );
    await h['connect:configure']({ baseUrl: 'https://eu.x', credentials: {} } as never, ctx);
    expect((await audit.read()).map((r) => r.what.kind)).toEqual(['signed_in']);
  });
});
