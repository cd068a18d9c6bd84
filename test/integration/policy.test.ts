/**
 * IT's policy holds, through the app's real handlers (buildAppServices, what main/shells/electron/index.ts runs) with the
 * real settings file, the real policy loader and watcher, the real keychain and the local service: a
 * policy-pinned value cannot be overridden from the window, from a saved setting or saved connection (also
 * after a restart), or from the environment in the installed (packaged) app; development builds keep the
 * environment; macOS managed preferences are read; a policy change is picked up without a restart.
 *
 * The installed app reads its policy from fixed system paths; the tests point those paths at temporary
 * files through the loader's readers port (nothing else is faked).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileAudioSource } from '../../main/core/audio/file-source.ts';
import type { LoadConfigOptions } from '../../main/core/config/load-config.ts';
import { openNodeSettingsStore } from '../../main/core/config/node-settings-store.ts';
import { journalDir } from '../../main/core/config/paths.ts';
import { BUNDLE_ID, type PolicyReaders } from '../../main/core/config/policy.ts';
import { startLiveConfig } from '../../main/core/config/start-live-config.ts';
import type { LiveConfig } from '../../main/core/config/live-config.ts';
import { KeychainSecretStore } from '../../native/keychain-secret-store.ts';
import { buildAppServices, type AppServices } from '../../main/compose/composition-root.ts';
import type { AudioInputs } from '../../main/core/audio/ports.ts';
import { formatError } from '../../preload/words/index.ts';
import type { ConnectionStatus, EventName, IpcResult } from '../../preload/contract/index.ts';
import { FIXTURE_DIR } from '../fixtures/audio/manifest.ts';
import { startStreamingHarness, type StreamingHarness } from './core/streaming/harness.ts';

const LINUX_POLICY = '/etc/scribe-desktop/policy.json';
const PLIST_FIXTURE = join(import.meta.dirname, '../fixtures/policy/com.scribedesktop.app.plist');
const INPUTS: AudioInputs = {
  list: async () => [
    { id: 'Desk mic', label: 'Desk mic', isDefault: true },
    { id: 'Headset', label: 'Headset', isDefault: false },
  ],
  open: () => new FileAudioSource({ path: join(FIXTURE_DIR, 'visit.wav'), pace: 'fast' }),
};
const ctx = { channel: 'test' };

function data<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`IPC failed: ${result.error.code} ${formatError(result.error)}`);
  return result.data;
}
function refusal<T>(result: IpcResult<T>) {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

/** The loader's readers with system paths mapped to test files (unmapped paths do not exist). */
function systemPaths(map: Record<string, string>): PolicyReaders {
  const missing = () => Promise.reject(Object.assign(new Error('missing'), { code: 'ENOENT' }));
  return {
    readFile: (path) => (map[path] ? readFile(map[path]) : missing()),
    registry: async () => undefined,
    plistToXml: () => Promise.reject(new Error('no plutil')),
  };
}

describe.skipIf(!process.env.REAL_KEYCHAIN)("IT's policy holds through the app's handlers", () => {
  let h: StreamingHarness;
  let other: string;
  const secrets = new KeychainSecretStore(`scribe-test-${randomUUID()}`);
  const open: { services: AppServices; live: LiveConfig }[] = [];

  beforeAll(async () => {
    h = await startStreamingHarness();
    // The same local service under another origin: "a different service address".
    other = h.service.url.replace('127.0.0.1', 'localhost');
  });
  afterAll(async () => {
    for (const { services, live } of open) {
      live.close();
      await services.close();
    }
    await h.close();
  });

  async function start(dataDir: string, options: Omit<LoadConfigOptions, 'settings'> & { pollMs?: number }) {
    const settings = openNodeSettingsStore(dataDir);
    const events: { name: EventName; payload: unknown }[] = [];
    const started = await startLiveConfig({ settings, platform: 'linux', env: {}, ...options });
    if (!started.ok) throw new Error(started.errors.map((e) => e.message).join('; '));
    const services = await buildAppServices({
      resolved: started.resolved,
      live: started.live,
      settings,
      secrets,
      dataDir,
      journalDir: journalDir(dataDir),
      clipboard: { writeText: async () => ({ transient: true }) },
      emit: (name, payload) => void events.push({ name, payload }),
      platform: 'linux',
      audio: INPUTS,
      // Never reached: no test here signs in with the organization (test/integration/sign-in/ does).
      openBrowser: () => Promise.reject(new Error('no browser in these tests')),
    });
    open.push({ services, live: started.live });
    return { handlers: services.handlers, resolved: started.resolved, live: started.live, events };
  }

  async function policyFile(dataDir: string, values: Record<string, unknown>): Promise<string> {
    const path = join(dataDir, 'machine-policy.json');
    await writeFile(path, JSON.stringify(values));
    return path;
  }

  const serverCredentials = () =>
    ({ kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem }) as const;

  it('the window cannot change a pinned address, sign-in method or setting, and is told which and why', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const policy = await policyFile(dataDir, {
      serviceUrl: h.service.url,
      allowUserServiceUrlChange: false,
      signInMethod: 'server',
      speechLocales: ['ENGLISH_UK'],
      microphone: 'Desk mic',
      noteLocale: 'ENGLISH_UK',
    });
    const { handlers } = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: policy }),
    });

    const elsewhere = refusal(
      await handlers['connect:configure']({ baseUrl: other, credentials: serverCredentials() }, ctx),
    );
    expect(elsewhere).toMatchObject({ code: 'policy_locked' });
    expect(formatError(elsewhere)).toMatch(/^Service address: set by your organization/);
    const token = refusal(
      await handlers['connect:configure'](
        { baseUrl: h.service.url, credentials: { kind: 'user-refresh-token', refreshToken: 'x' } },
        ctx,
      ),
    );
    expect(formatError(token)).toMatch(/^Sign-in method: set by your organization/);
    expect(h.service.control.requests.filter((r) => r.path.includes('token'))).toEqual([]);

    for (const patch of [{ speechLocales: ['FRENCH_FR'] }, { clinicianDeviceId: 'Headset' }]) {
      expect(refusal(await handlers['settings:update'](patch, ctx)).code).toBe('policy_locked');
    }
    expect(formatError(refusal(await handlers['settings:update']({ noteLocale: 'FRENCH_FR' }, ctx)))).toMatch(
      /^Note language: set by your organization/,
    );
    const started = refusal(
      await handlers['visit:start'](
        {
          consentAcknowledged: true,
          locales: ['FRENCH_FR'],
          speakers: { mode: 'single', deviceId: 'Desk mic' },
        },
        ctx,
      ),
    );
    expect(formatError(started)).toMatch(/^Spoken languages/);

    const view = data(await handlers['settings:policy']({}, ctx));
    expect(view.managed).toBe(true);
    expect(view.locked).toEqual(
      expect.arrayContaining([
        { key: 'serviceUrl', value: h.service.url, source: 'organization' },
        { key: 'noteLocale', value: 'ENGLISH_UK', source: 'organization' },
      ]),
    );
    // The pinned address itself connects.
    data(
      await handlers['connect:configure']({ baseUrl: h.service.url, credentials: serverCredentials() }, ctx),
    );
    expect(data(await handlers['connect:status']({}, ctx))).toMatchObject({
      mode: 'organization',
      baseUrl: h.service.url,
    });
  });

  it('a saved setting or saved connection never overrides the policy after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const first = await start(dataDir, { packaged: true, policyReaders: systemPaths({}) });
    data(
      await first.handlers['settings:update'](
        { speechLocales: ['FRENCH_FR'], clinicianDeviceId: 'Headset' },
        ctx,
      ),
    );
    data(
      await first.handlers['connect:configure']({ baseUrl: other, credentials: serverCredentials() }, ctx),
    );

    // IT deploys a policy pinning another address and the languages; the app restarts.
    const policy = await policyFile(dataDir, {
      serviceUrl: h.service.url,
      allowUserServiceUrlChange: false,
      speechLocales: ['ENGLISH_UK'],
    });
    const second = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: policy }),
    });
    const status = data(await second.handlers['connect:status']({}, ctx));
    expect(status.baseUrl).not.toBe(other);
    expect(status.mode).toBe('none');
    const settings = data(await second.handlers['settings:get']({}, ctx));
    expect(settings.speechLocales).toEqual(['ENGLISH_UK']);
    // Not locked: the person's own choice still applies.
    expect(settings.clinicianDeviceId).toBe('Headset');
    expect(data(await second.handlers['visit:options']({}, ctx)).preferred.speechLocales).toEqual([
      'ENGLISH_UK',
    ]);
  });

  it('the installed app ignores SCRIBE_* (journal folder, policy file, address) unless policy allows; development keeps them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const machine = await policyFile(dataDir, {
      serviceUrl: h.service.url,
      allowUserServiceUrlChange: false,
    });
    const lenient = join(dataDir, 'lenient.json');
    await writeFile(lenient, JSON.stringify({ allowUserServiceUrlChange: true, noteLocale: 'FRENCH_FR' }));
    const env = {
      SCRIBE_POLICY_FILE: lenient,
      SCRIBE_SERVICE_URL: other,
      SCRIBE_JOURNAL_DIR: join(dataDir, 'Dropbox'),
      SCRIBE_NOTE_LOCALE: 'ENGLISH_UK',
    };
    const readers = systemPaths({ [LINUX_POLICY]: machine });

    const packaged = await start(dataDir, { packaged: true, env, policyReaders: readers });
    expect(packaged.resolved.config).toMatchObject({ serviceUrl: h.service.url, noteLocale: 'ENGLISH_US' });
    expect(packaged.resolved.config.journalDir).toBeUndefined();
    const view = data(await packaged.handlers['settings:policy']({}, ctx));
    expect(view.locked.find((l) => l.key === 'serviceUrl')?.value).toBe(h.service.url);
    expect(
      refusal(
        await packaged.handlers['connect:configure'](
          { baseUrl: other, credentials: serverCredentials() },
          ctx,
        ),
      ).code,
    ).toBe('policy_locked');

    // Allowed by policy: the environment applies below it, and still never moves the journals.
    const allowing = await policyFile(dataDir, {
      serviceUrl: h.service.url,
      allowUserServiceUrlChange: false,
      allowEnvironmentOverrides: true,
    });
    const allowed = await start(dataDir, {
      packaged: true,
      env,
      policyReaders: systemPaths({ [LINUX_POLICY]: allowing }),
    });
    expect(allowed.resolved.config).toMatchObject({ serviceUrl: h.service.url, noteLocale: 'ENGLISH_UK' });
    expect(allowed.resolved.config.journalDir).toBeUndefined();

    const dev = await start(dataDir, { packaged: false, env, policyReaders: readers });
    expect(dev.resolved.config).toMatchObject({ serviceUrl: other, journalDir: join(dataDir, 'Dropbox') });
    expect(dev.resolved.sources.noteLocale.layer).toBe('env');
  });

  it("reads macOS managed preferences from the configuration profile's plist", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const { handlers, resolved } = await start(dataDir, {
      platform: 'darwin',
      user: 'drjones',
      packaged: true,
      policyReaders: systemPaths({
        [`/Library/Managed Preferences/drjones/${BUNDLE_ID}.plist`]: PLIST_FIXTURE,
      }),
    });
    expect(resolved.config).toMatchObject({
      serviceUrl: 'https://eu.api.example.com',
      journalRetentionHours: 12,
    });
    const view = data(await handlers['settings:policy']({}, ctx));
    expect(view.locked.map((l) => l.key)).toEqual(
      expect.arrayContaining(['serviceUrl', 'speechLocales', 'journalRetentionHours', 'noteTemplateKey']),
    );
    expect(
      refusal(await handlers['connect:configure']({ baseUrl: other, credentials: serverCredentials() }, ctx))
        .code,
    ).toBe('policy_locked');
  });

  it('a policy change is picked up without a restart and pushed to the window', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const path = await policyFile(dataDir, { noteLocale: 'ENGLISH_UK' });
    // Development build: SCRIBE_POLICY_FILE is honoured, and the file's folder is watched.
    const { handlers, events } = await start(dataDir, { env: { SCRIBE_POLICY_FILE: path }, pollMs: 60_000 });
    expect(
      data(await handlers['settings:update']({ speechLocales: ['FRENCH_FR'] }, ctx)).speechLocales,
    ).toEqual(['FRENCH_FR']);

    await writeFile(path, JSON.stringify({ noteLocale: 'FRENCH_FR', speechLocales: ['ENGLISH_US'] }));
    await expect
      .poll(async () => data(await handlers['settings:get']({}, ctx)).speechLocales)
      .toEqual(['ENGLISH_US']);
    expect(refusal(await handlers['settings:update']({ speechLocales: ['FRENCH_FR'] }, ctx)).code).toBe(
      'policy_locked',
    );
    const pushed = events.filter((e) => e.name === 'policy:changed').at(-1)?.payload as {
      locked: { key: string; value: string | null }[];
    };
    expect(pushed.locked).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'noteLocale', value: 'FRENCH_FR' }),
        expect.objectContaining({ key: 'speechLocales', value: 'ENGLISH_US' }),
      ]),
    );
  });

  it('the installed app notices a policy change by reading it again at an interval (as for the registry)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    // A managed installation offers server credentials only where its policy says so (allowServerCredentials).
    const path = await policyFile(dataDir, { logLevel: 'info', allowServerCredentials: true });
    const { handlers, events } = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: path }),
      pollMs: 200,
    });
    data(await handlers['connect:configure']({ baseUrl: other, credentials: serverCredentials() }, ctx));
    await writeFile(
      path,
      JSON.stringify({
        serviceUrl: h.service.url,
        allowUserServiceUrlChange: false,
        allowServerCredentials: true,
      }),
    );
    await expect.poll(() => events.some((e) => e.name === 'policy:changed')).toBe(true);
    // The connection to the address the policy now forbids is closed.
    await expect.poll(async () => data(await handlers['connect:status']({}, ctx)).mode).toBe('none');
    expect(
      refusal(await handlers['connect:configure']({ baseUrl: other, credentials: serverCredentials() }, ctx))
        .code,
    ).toBe('policy_locked');
  });

  it('server credentials stop being offered and used once the policy no longer allows them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const path = await policyFile(dataDir, { serviceUrl: h.service.url, allowServerCredentials: true });
    const { handlers, events } = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: path }),
      pollMs: 200,
    });
    data(
      await handlers['connect:configure']({ baseUrl: h.service.url, credentials: serverCredentials() }, ctx),
    );
    expect(data(await handlers['connect:status']({}, ctx))).toMatchObject({
      methods: { serverCredentials: true, organization: null },
    });

    await writeFile(path, JSON.stringify({ serviceUrl: h.service.url, allowServerCredentials: false }));
    await expect.poll(() => events.some((e) => e.name === 'policy:changed')).toBe(true);
    // The offer follows the policy, and the saved server-credential connection is closed (the address is fine).
    await expect
      .poll(async () => data(await handlers['connect:status']({}, ctx)))
      .toMatchObject({ mode: 'none', methods: { serverCredentials: false } });
    const refused = refusal(
      await handlers['connect:configure']({ baseUrl: h.service.url, credentials: serverCredentials() }, ctx),
    );
    expect(refused.code).toBe('sign_in_not_offered');
  });

  it('the organization sign-in appears and disappears with the policy, without a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const path = await policyFile(dataDir, { serviceUrl: h.service.url });
    const { handlers, events } = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: path }),
      pollMs: 200,
    });
    const methods = async () => data(await handlers['connect:status']({}, ctx)).methods;
    // The window is told without asking: main pushes the status after the policy changed.
    const pushed = () =>
      (events.filter((e) => e.name === 'connect:status').at(-1)?.payload as ConnectionStatus | undefined)
        ?.methods;
    expect(await methods()).toMatchObject({ organization: null });

    const organization = {
      serviceUrl: h.service.url,
      signInIssuer: 'https://login.example.org/tenant',
      signInClientId: 'scribe-desktop',
      signInBrokerUrl: 'https://broker.example.org',
    };
    await writeFile(path, JSON.stringify(organization));
    await expect.poll(methods).toMatchObject({ organization: { issuerHost: 'login.example.org' } });
    await expect.poll(pushed).toEqual(await methods());

    await writeFile(path, JSON.stringify({ ...organization, signInBrokerUrl: undefined }));
    await expect.poll(methods).toMatchObject({ organization: null });
    await expect.poll(pushed).toEqual(await methods());
    expect(refusal(await handlers['connect:signIn']({}, ctx)).code).toBe('sign_in_not_offered');
  });
});
