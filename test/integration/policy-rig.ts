/**
 * The app as policy.test.ts and policy-live.test.ts start it: its real handlers (buildAppServices, what
 * main/shells/electron/index.ts runs) over the real settings file, the real policy loader and watcher, the real
 * keychain and the local service (under a second origin too: "a different service address"). The installed
 * app reads its policy from fixed system paths; `systemPaths` points them at temporary files through the
 * loader's readers port (nothing else is faked).
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { FileAudioSource } from '../../main/core/audio/file-source.ts';
import type { LoadConfigOptions } from '../../main/core/config/load-config.ts';
import { openNodeSettingsStore } from '../../main/core/config/node-settings-store.ts';
import type { PolicyReaders } from '../../main/core/config/policy.ts';
import { startLiveConfig } from '../../main/core/config/start-live-config.ts';
import type { LiveConfig } from '../../main/core/config/live-config.ts';
import { KeychainSecretStore } from '../../native/keychain-secret-store.ts';
import type { AppServices } from '../../main/compose/composition-root.ts';
import type { AudioInputs } from '../../main/core/audio/ports.ts';
import type { EventName, IpcResult } from '../../preload/contract/index.ts';
import { FIXTURE_DIR } from '../fixtures/audio/manifest.ts';
import { AppsUnderTest } from './app-under-test.ts';
import { startStreamingHarness, type StreamingHarness } from './core/streaming/harness.ts';

export const LINUX_POLICY = '/etc/scribe-desktop/policy.json';
export const PLIST_FIXTURE = join(import.meta.dirname, '../fixtures/policy/com.scribedesktop.app.plist');
const INPUTS: AudioInputs = {
  list: async () => [
    { id: 'Desk mic', label: 'Desk mic', isDefault: true },
    { id: 'Headset', label: 'Headset', isDefault: false },
  ],
  open: () => new FileAudioSource({ path: join(FIXTURE_DIR, 'visit.wav'), pace: 'fast' }),
};

/** The error of a refused IPC call. */
export function refusal<T>(result: IpcResult<T>) {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

/** The loader's readers with system paths mapped to test files (unmapped paths do not exist). */
export function systemPaths(map: Record<string, string>): PolicyReaders {
  const missing = () => Promise.reject(Object.assign(new Error('missing'), { code: 'ENOENT' }));
  return {
    readFile: (path) => (map[path] ? readFile(map[path]) : missing()),
    registry: async () => undefined,
    plistToXml: () => Promise.reject(new Error('no plutil')),
  };
}

/** IT's policy file in `dataDir`. */
export async function policyFile(dataDir: string, values: Record<string, unknown>): Promise<string> {
  const path = join(dataDir, 'machine-policy.json');
  await writeFile(path, JSON.stringify(values));
  return path;
}

/**
 * Starts the local service for the file (handing it and its second origin to `use`) and returns `start`,
 * which starts the app on a data folder with the policy `options` give, and `serverCredentials`.
 */
export function policyAppsPerFile(use: (started: { h: StreamingHarness; other: string }) => void) {
  let h: StreamingHarness;
  const secrets = new KeychainSecretStore(`scribe-test-${randomUUID()}`);
  const apps = new AppsUnderTest();
  const lives: LiveConfig[] = [];

  beforeAll(async () => {
    h = await startStreamingHarness();
    use({ h, other: h.service.url.replace('127.0.0.1', 'localhost') });
  });
  afterAll(async () => {
    for (const live of lives) live.close();
    await apps.close();
    await h.close();
  });

  async function start(dataDir: string, options: Omit<LoadConfigOptions, 'settings'> & { pollMs?: number }) {
    const settings = openNodeSettingsStore(dataDir);
    const events: { name: EventName; payload: unknown }[] = [];
    const started = await startLiveConfig({ settings, platform: 'linux', env: {}, ...options });
    if (!started.ok) throw new Error(started.errors.map((e) => e.message).join('; '));
    lives.push(started.live);
    const services: AppServices = await apps.start({
      resolved: started.resolved,
      live: started.live,
      settings,
      secrets,
      dataDir,
      emit: (name, payload) => void events.push({ name, payload }),
      audio: INPUTS,
      // Never reached: no test here signs in with the organization (test/integration/sign-in/ does).
      openBrowser: () => Promise.reject(new Error('no browser in these tests')),
    });
    return { handlers: services.handlers, resolved: started.resolved, live: started.live, events };
  }

  const serverCredentials = () =>
    ({ kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem }) as const;

  return { start, serverCredentials };
}
