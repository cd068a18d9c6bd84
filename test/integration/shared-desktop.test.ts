/**
 * Issue 32: two clinicians on one OS account. Clinician A records a visit and has one left unfinished, then
 * signs out: the window no longer shows A's transcript or note, and when B uses the app (same data folder,
 * same keychain) neither of A's visits is offered to B, nor recoverable by id; when A is back, both are.
 * The app's own wiring (composition-root.ts) under Node, the local service over loopback, the real keychain.
 * Clinicians are told apart here by server credentials acting as a user (`userExternalId`); an organization
 * sign-in names them the same way (ClinicianIdentity).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../main/compose/composition-root.ts';
import { journalDir } from '../../main/core/config/paths.ts';
import { AppsUnderTest, ctx, data, FILE_INPUTS, resolveConfig } from './app-under-test.ts';
import { KeychainSecretStore } from '../../native/keychain-secret-store.ts';
import { startStreamingHarness, until, type StreamingHarness } from './core/streaming/harness.ts';

describe.skipIf(!process.env.REAL_KEYCHAIN)('a shared OS account', () => {
  let h: StreamingHarness;
  const secrets = new KeychainSecretStore(`scribe-test-${randomUUID()}`);
  const apps = new AppsUnderTest();
  let dataDir: string;

  beforeAll(async () => {
    h = await startStreamingHarness();
    dataDir = await mkdtemp(join(tmpdir(), 'scribe-shared-'));
  });
  afterAll(async () => {
    await apps.close();
    await h.close();
  });

  /** The app as `externalId` uses it: started on the shared data folder, connected. */
  async function asClinician(externalId: string) {
    const env = { SCRIBE_POLICY_FILE: join(dataDir, 'no-policy.json'), SCRIBE_USER_EXTERNAL_ID: externalId };
    const services = await apps.start({
      ...(await resolveConfig(dataDir, env)),
      secrets,
      dataDir,
      audio: FILE_INPUTS,
    });
    const { handlers } = services;
    const credentials = { kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem };
    data(await handlers['connect:configure']({ baseUrl: h.service.url, credentials } as never, ctx));
    expect(services.app.connections.identity()?.userId).toBeTruthy();
    return { services, handlers };
  }

  const offered = async (handlers: AppServices['handlers']) =>
    data(await handlers['visit:recoverable']({}, ctx))
      .visits.map((v) => v.id)
      .sort();

  it("forgets A's visit on sign-out and offers A's journals to A only", async () => {
    const a = await asClinician('ext-clinician-a');
    const speakers = { mode: 'single', deviceId: 'fixture' } as const;
    data(
      await a.handlers['visit:start']({ consentAcknowledged: true, locales: ['ENGLISH_US'], speakers }, ctx),
    );
    await until(() => a.services.app.visit.state.phase === 'ended', 'the visit to end');
    expect(data(await a.handlers['visit:transcript']({}, ctx)).items.length).toBeGreaterThan(0);
    data(
      await a.handlers['note:generate'](
        { templateKey: 'GENERIC_MULTIPLE_SECTIONS', locale: null, mode: 'sync', extraContext: null },
        ctx,
      ),
    );
    const ended = (await readdir(journalDir(dataDir)))
      .filter((f) => f.endsWith('.journal'))
      .map((f) => f.replace('.journal', ''));
    expect(ended).toHaveLength(1);
    // A second visit that did not finish (as after a failure): offered for recovery from now on.
    const unfinished = await a.services.journals.create('transcribe', ['audio'], { locales: ['ENGLISH_US'] });
    a.services.journals.release(unfinished.id);
    expect(await offered(a.handlers)).toEqual([unfinished.id]);

    data(await a.handlers['connect:disconnect']({}, ctx));
    await until(() => a.services.app.visit.state.phase === 'idle', "A's visit to leave the window");
    await expect.poll(async () => data(await a.handlers['visit:transcript']({}, ctx)).items).toEqual([]);
    expect(data(await a.handlers['note:get']({}, ctx)).note).toBeNull();
    // Nobody signed in: neither of A's visits is offered (they stay on disk, A's).
    expect(await offered(a.handlers)).toEqual([]);
    expect((await readdir(journalDir(dataDir))).filter((f) => f.endsWith('.journal'))).toHaveLength(2);
    await a.services.close();

    const b = await asClinician('ext-clinician-b');
    expect(await offered(b.handlers)).toEqual([]);
    expect(await b.handlers['visit:recover']({ id: unfinished.id }, ctx)).toMatchObject({ ok: false });
    expect(await b.handlers['visit:forgetRecoverable']({ id: ended[0]! }, ctx)).toMatchObject({ ok: false });
    data(await b.handlers['connect:disconnect']({}, ctx));
    await b.services.close();

    const back = await asClinician('ext-clinician-a');
    expect(await offered(back.handlers)).toEqual([...ended, unfinished.id].sort());
  }, 60_000);
});
