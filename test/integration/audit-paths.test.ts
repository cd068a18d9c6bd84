/**
 * Every path that ends a visit or a sign-in is in the audit trail, whatever started it — not only the
 * window's IPC calls: a visit ended from the tray and at quit, and a sign-out the policy forced while the
 * app runs (main/compose/composition-root.ts buildAppServices, what main/shells/electron/index.ts runs).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../main/compose/composition-root.ts';
import { Emitter } from '../../main/base/async/emitter.ts';
import type { LiveConfigPort, Resolved } from '../../main/core/config/live-config.ts';
import { openNodeSettingsStore } from '../../main/core/config/node-settings-store.ts';
import { AppsUnderTest, ctx, resolveConfig } from './app-under-test.ts';
import { startHarness, type Harness } from './core/api/harness.ts';

let h: Harness;
let root: string;
const apps = new AppsUnderTest();
beforeAll(async () => {
  h = await startHarness();
  root = await mkdtemp(join(tmpdir(), 'audit-paths-'));
});
afterAll(async () => {
  await apps.close();
  await h.close();
  await rm(root, { recursive: true, force: true });
});

/** IT's policy as a file, resolved as the app resolves it. */
async function resolve(dataDir: string, policy: Record<string, unknown>): Promise<Resolved> {
  const policyFile = join(root, `policy-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(policyFile, JSON.stringify(policy));
  return (await resolveConfig(dataDir, { SCRIBE_POLICY_FILE: policyFile })).resolved;
}

/** A live configuration the test changes, as IT changing the policy while the app runs. */
function livePolicy(first: Resolved): LiveConfigPort & { change(next: Resolved): void } {
  let now = first;
  const changed = new Emitter<Resolved>();
  return {
    current: () => now,
    onDidChange: (listener) => changed.on(listener),
    change: (next) => changed.emit((now = next)),
  };
}

const start = (dataDir: string, live: LiveConfigPort) =>
  apps.start({ resolved: live.current(), live, settings: openNodeSettingsStore(dataDir), dataDir });

/** The sample visit, recording (it plays its recording in real time: it runs for a while). */
async function recordingSampleVisit(name: string): Promise<AppServices> {
  const dataDir = join(root, name);
  const services = await start(dataDir, livePolicy(await resolve(dataDir, {})));
  expect((await services.handlers['connect:sample']({}, ctx)).ok).toBe(true);
  const started = await services.handlers['visit:start'](
    { consentAcknowledged: true, locales: ['ENGLISH_US'], speakers: { mode: 'single', deviceId: '' } },
    ctx,
  );
  expect(started.ok, JSON.stringify(started)).toBe(true);
  await expect.poll(() => services.app.visit.state.phase).toBe('recording');
  return services;
}

const kinds = async (services: AppServices) => (await services.audit.read()).map((r) => r.what);

describe('the audit trail records every way a visit or a sign-in ends', () => {
  it('a visit ended from the tray', async () => {
    const services = await recordingSampleVisit('tray');
    // What the tray's "End visit" runs (main/shells/electron/index.ts).
    await services.endVisit('tray');
    expect(await kinds(services)).toContainEqual({ kind: 'visit_ended', how: 'tray' });
  });

  it('a visit ended at quit', async () => {
    const services = await recordingSampleVisit('quit');
    apps.open.splice(apps.open.indexOf(services), 1);
    await services.close();
    expect(await kinds(services)).toContainEqual({ kind: 'visit_ended', how: 'quit' });
  });

  it('a sign-out the policy forced while the app runs', async () => {
    const dataDir = join(root, 'policy');
    const keyFile = join(root, 'key.pem');
    await writeFile(keyFile, h.staticPem, { mode: 0o600 });
    const managed = { clientId: h.fixtures.staticClient.id, privateKeyFile: keyFile };
    const live = livePolicy(await resolve(dataDir, { ...managed, serviceUrl: h.service.url }));
    const services = await start(dataDir, live);
    expect(services.app.connections.mode).toBe('organization');
    // IT pins another address: the connection to this one is closed.
    const pinned = { serviceUrl: 'https://eu.elsewhere.example', allowUserServiceUrlChange: false };
    live.change(await resolve(dataDir, { ...managed, ...pinned }));
    await expect.poll(() => services.app.connections.mode).toBe('none');
    await expect.poll(() => kinds(services)).toContainEqual({ kind: 'signed_out', why: 'policy' });
  });
});
