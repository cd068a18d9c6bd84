/**
 * The app's own wiring (main/visit/app-services.ts) with a managed policy that names the organization's
 * identity provider and broker: Connect → "Sign in with your organization" through the real provider in
 * Chromium and the broker child process; every call the app then makes is a user call as that clinician;
 * server credentials are not offered; and no file of the data folder, no vault content and no keychain
 * entry holds the organization's private key. Real keychain (gnome-keyring), real files.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeychainSecretStore } from '../../../native/keychain-secret-store.ts';
import { TokenVault } from '../../../main/base/secrets/token-vault.ts';
import { AppsUnderTest, ctx, data, resolveConfig } from '../app-under-test.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { startBrowserDriver, type BrowserDriver } from './browser-driver.ts';
import { startBrokerProcess, type BrokerProcess } from './broker-process.ts';

describe.skipIf(!process.env.REAL_KEYCHAIN)('Sign in with your organization, in the app', () => {
  let h: Harness;
  let idp: TestIdp;
  let broker: BrokerProcess;
  let browser: BrowserDriver;
  let keyDir: string;
  const secrets = new KeychainSecretStore(`scribe-test-${randomUUID()}`);
  const apps = new AppsUnderTest();

  beforeAll(async () => {
    h = await startHarness();
    idp = await startTestIdp({ 'dr.okafor': { oid: 'oid-dr-okafor', email: 'okafor@example.org' } });
    keyDir = await mkdtemp(join(tmpdir(), 'scribe-broker-key-'));
    await writeFile(join(keyDir, 'key.pem'), h.staticPem, { mode: 0o600 });
    broker = await startBrokerProcess({
      SCRIBE_SERVICE_URL: h.service.url,
      SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
      SCRIBE_PRIVATE_KEY_FILE: join(keyDir, 'key.pem'),
      SCRIBE_BROKER_ISSUER: idp.issuer,
      SCRIBE_BROKER_AUDIENCE: idp.clientId,
      SCRIBE_BROKER_USER_CLAIM: 'oid',
    });
    browser = await startBrowserDriver('dr.okafor');
  }, 60_000);
  afterAll(async () => {
    await apps.close();
    await browser?.close();
    await broker?.stop();
    await idp?.close();
    await h?.close();
  });

  async function start(dataDir: string) {
    const policyFile = join(dataDir, 'policy.json');
    await writeFile(
      policyFile,
      JSON.stringify({
        serviceUrl: h.service.url,
        signInIssuer: idp.issuer,
        signInClientId: idp.clientId,
        signInBrokerUrl: broker.url,
      }),
    );
    const services = await apps.start({
      ...(await resolveConfig(dataDir, { SCRIBE_POLICY_FILE: policyFile })),
      secrets,
      dataDir,
      openBrowser: (url) => browser.open(url),
    });
    return services.handlers;
  }

  it('signs in as the clinician; every call is theirs; the organization key is nowhere on the desktop', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-app-signin-'));
    const handlers = await start(dataDir);
    const before = data(await handlers['connect:status']({}, ctx));
    expect(before.methods).toEqual({
      organization: { issuerHost: new URL(idp.issuer).host },
      serverCredentials: false,
      clinicianToken: true,
      // A managed installation whose policy does not allow the sample visit does not offer it (issue 19).
      sample: false,
    });
    const sample = await handlers['connect:sample']({}, ctx);
    expect(sample.ok ? 'offered' : sample.error.code).toBe('sample_unavailable');
    // A managed installation does not take the organization's key from the window either.
    const refused = await handlers['connect:configure'](
      {
        baseUrl: h.service.url,
        credentials: { kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem },
      },
      ctx,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'sign_in_not_offered' } });

    expect(data(await handlers['connect:signIn']({}, ctx))).toEqual({ accepted: true });
    await browser.settle();
    expect(data(await handlers['connect:status']({}, ctx))).toMatchObject({
      mode: 'organization',
      caller: 'user',
      healthy: true,
      signingIn: false,
    });

    const user = await h.serverCore.findUserByExternalId('oid-dr-okafor');
    h.service.control.clearRequests();
    data(await handlers['connect:check']({}, ctx));
    data(await handlers['settings:get']({}, ctx));
    const calls = h.service.control.requests.filter((r) => r.caller !== null);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.caller).toEqual({ kind: 'user', userId: user!.id });
    // The audit trail names the clinician: the service user and the provider's `sub`, not only the OS account.
    const clinician = { userId: user!.id, sub: 'dr.okafor' };
    const signedIn = (await apps.open.at(-1)!.audit.read()).filter((r) => r.what.kind === 'signed_in');
    expect(signedIn.at(-1)?.who).toMatchObject(clinician);

    // E/M, kept by the contract for server callers, is asked through the broker with the token the app
    // presented at sign-in; the service sees the broker's server call, and the broker logs who asked.
    expect(data(await handlers['codes:emSpecialties']({}, ctx)).available).toBe(true);
    const core = apps.open.at(-1)!.app.connections.require().core;
    expect(core.emBy).toBe('broker');
    const inputs = { em_specialty_kind: 'FAMILY_MEDICINE', patient_type: 'NEW', total_time_minutes: 62 };
    expect((await core.computeEm!(inputs)).codes.map((c) => c.code)).toEqual(['99205']);
    const computed = h.service.control.requests.filter((r) => r.path.endsWith('/compute-em-codes'));
    expect(computed.map((r) => r.caller?.kind)).toEqual(['server']);
    // The broker's log is its child process's stderr: read once the line has arrived.
    await expect
      .poll(() => broker.logs().filter((l) => l.event === 'em'))
      .toEqual([
        expect.objectContaining({ route: 'compute-em-codes', outcome: 'ok', externalId: 'oid-dr-okafor' }),
      ]);

    await expectNoOrganizationKey(dataDir);

    // The next start restores the clinician's own sign-in.
    const again = await start(dataDir);
    data(await again['connect:check']({}, ctx));
    expect(data(await again['connect:status']({}, ctx))).toMatchObject({ caller: 'user', healthy: true });

    // Sign-out revokes on the service, ends the provider's session and forgets the tokens.
    const logouts = h.count('/jwt/logout');
    data(await again['connect:disconnect']({}, ctx));
    await browser.settle();
    expect(h.count('/jwt/logout')).toBe(logouts + 1);
    // Restored from the vault and signed out: both records still name the clinician.
    const trail = await apps.open.at(-1)!.audit.read();
    const kinds = ['signed_in', 'signed_out'];
    const last = kinds.map((kind) => trail.filter((r) => r.what.kind === kind).at(-1));
    expect(last.map((r) => r?.who)).toEqual([
      expect.objectContaining(clinician),
      expect.objectContaining(clinician),
    ]);
    expect(browser.opened.at(-1)).toMatch(/\/session\/end/);
    const vault = new TokenVault({ store: secrets, dataDir, name: 'connection' });
    expect((await vault.load()).bundle).toBeUndefined();
  }, 90_000);

  /** Scans every file of the data folder, the vault's decrypted content and this run's keychain entries. */
  async function expectNoOrganizationKey(dataDir: string): Promise<void> {
    const pemBody = h.staticPem.split('\n')[1]!;
    const forbidden = [pemBody, 'PRIVATE KEY', h.fixtures.staticClient.id];
    const files = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    );
    expect(files.map((f) => f.name)).toContain('connection.vault');
    // Booleans, so a failure never prints a vault's or keychain's content.
    const holdsKey = (text: string) => forbidden.some((needle) => text.includes(needle));
    for (const file of files) {
      const text = await readFile(join(file.parentPath, file.name), 'latin1');
      expect(holdsKey(text), file.name).toBe(false);
    }
    const { bundle } = await new TokenVault({ store: secrets, dataDir, name: 'connection' }).load();
    const saved = JSON.parse(String(bundle?.credentials)) as { kind: string };
    expect(saved.kind).toBe('organization');
    expect(holdsKey(JSON.stringify(bundle)), 'vault content').toBe(false);
    const { stdout } = await promisify(execFile)('secret-tool', [
      'search',
      '--all',
      'service',
      secrets.service,
    ]);
    expect(stdout.includes('connection-key')).toBe(true);
    expect(holdsKey(stdout), 'keychain entries').toBe(false);
  }
});
