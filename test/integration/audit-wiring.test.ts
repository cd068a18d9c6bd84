/**
 * The audit trail as the app's composition root wires it (main/compose/composition-root.ts buildAppServices, what
 * main/shells/electron/index.ts runs): a managed policy with a connection is applied and restored at start, and both are
 * in the trail of the data folder; the trail listens to what the features report (a sign-out from the
 * window's handler is recorded with why); a second start of a newer version records the update; a trail
 * that cannot be written does not stop the app.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../main/features/audit/audit-log.ts';
import { AppsUnderTest, ctx, resolveConfig } from './app-under-test.ts';
import { startHarness, type Harness } from './core/api/harness.ts';

let h: Harness;
let root: string;
const apps = new AppsUnderTest();
beforeAll(async () => {
  h = await startHarness();
  root = await mkdtemp(join(tmpdir(), 'audit-wiring-'));
});
afterAll(async () => {
  await apps.close();
  await h.close();
  await rm(root, { recursive: true, force: true });
});

async function start(dataDir: string, policy: Record<string, unknown>) {
  const policyFile = join(root, `policy-${apps.open.length}.json`);
  await writeFile(policyFile, JSON.stringify(policy));
  return apps.start({ ...(await resolveConfig(dataDir, { SCRIBE_POLICY_FILE: policyFile })), dataDir });
}

describe('the audit trail in the app’s wiring', () => {
  it('records the policy applied and the managed sign-in restored at start, then a sign-out from the window', async () => {
    const dataDir = join(root, 'data');
    const keyFile = join(root, 'key.pem');
    await writeFile(keyFile, h.staticPem, { mode: 0o600 });
    const services = await start(dataDir, {
      serviceUrl: h.service.url,
      clientId: h.fixtures.staticClient.id,
      privateKeyFile: keyFile,
      auditRetentionDays: 400,
    });
    expect((await services.handlers['connect:disconnect']({}, ctx)).ok).toBe(true);
    const what = (await services.audit.read()).map((r) => r.what);
    expect(what[0]).toEqual({
      kind: 'policy_applied',
      keys: ['serviceUrl', 'clientId', 'privateKeyFile', 'auditRetentionDays'],
    });
    expect(what[1]).toMatchObject({
      kind: 'signed_in',
      mode: 'organization',
      caller: 'server',
      how: 'restored',
    });
    expect(what[2]).toEqual({ kind: 'signed_out', why: 'user' });
    expect(services.audit.dir).toBe(dataDir);
    expect(services.busy.busy()).toEqual([]);
    expect(await services.audit.verify()).toMatchObject({ ok: true, records: 3 });
  });

  it('records an update when a newer version opens the same trail', async () => {
    const dataDir = join(root, 'update');
    const older = new AuditLog({
      dir: dataDir,
      source: { via: 'app', version: '0.0.1' },
      who: () => ({ account: 'a' }),
    });
    await older.record({ kind: 'visit_ended' });
    const services = await start(dataDir, {});
    expect((await services.audit.read()).at(-1)!.what).toMatchObject({
      kind: 'update_installed',
      from: '0.0.1',
    });
  });

  it('starts and serves even when the trail cannot be written', async () => {
    const dataDir = join(root, 'broken');
    // A folder where the first audit file should be: every read and append of the trail fails (also as root).
    await mkdir(join(dataDir, 'audit-0000000001.jsonl'), { recursive: true });
    const failures: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (
      failures.push(String(chunk)),
      true
    )) as typeof process.stderr.write;
    try {
      const services = await start(dataDir, {});
      expect((await services.handlers['connect:status']({}, ctx)).ok).toBe(true);
      expect((await services.handlers['connect:sample']({}, ctx)).ok).toBe(true);
      expect((await services.handlers['connect:disconnect']({}, ctx)).ok).toBe(true);
      await services.audit.settled();
    } finally {
      process.stderr.write = write;
    }
    expect(failures.join('')).toMatch(/audit: could not record signed_out \(EISDIR\)/);
  });
});
