/**
 * The app as main/compose/composition-root.ts builds it (what main/shells/electron/index.ts runs), under
 * Node for the integration tests: the configuration resolved as the app resolves it, the parts a test does
 * not look at filled in, and every app a file started closed at its end. One place instead of a copy per file.
 */
import { join } from 'node:path';
import {
  buildAppServices,
  type AppServices,
  type AppServicesDeps,
} from '../../main/compose/composition-root.ts';
import { FileAudioSource } from '../../main/core/audio/file-source.ts';
import type { AudioInputs } from '../../main/core/audio/ports.ts';
import { loadConfig } from '../../main/core/config/load-config.ts';
import { openNodeSettingsStore } from '../../main/core/config/node-settings-store.ts';
import { journalDir } from '../../main/core/config/paths.ts';
import { MemorySecretStore } from '../../main/base/secrets/memory-secret-store.ts';
import type { IpcResult } from '../../preload/contract/index.ts';
import { formatError } from '../../preload/words/index.ts';
import { FIXTURE_DIR } from '../fixtures/audio/manifest.ts';

/** The IPC context of a call from the test. */
export const ctx = { channel: 'test' };

/** No microphone: listing finds none, opening one fails. */
const NO_MICROPHONE: AudioInputs = {
  list: async () => [],
  open: () => Promise.reject(new Error('no microphone')) as never,
};

/** One microphone that plays the fixture visit as fast as it is read. */
export const FILE_INPUTS: AudioInputs = {
  list: async () => [{ id: 'fixture', label: 'Fixture recording', isDefault: true }],
  open: () => new FileAudioSource({ path: join(FIXTURE_DIR, 'visit.wav'), pace: 'fast' }),
};

/** An IPC result's data; a failure throws with its code and the words the window would show. */
export function data<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`IPC failed: ${result.error.code} ${formatError(result.error)}`);
  return result.data;
}

/** The settings of `dataDir` and the configuration the app resolves with them and `env`; a refusal throws. */
export async function resolveConfig(dataDir: string, env: Record<string, string>) {
  const settings = openNodeSettingsStore(dataDir);
  const resolved = await loadConfig({ settings, env });
  if (!resolved.ok) throw new Error(resolved.errors.map((e) => e.message).join('; '));
  return { settings, resolved };
}

/** What a test names; the rest: secrets in memory, a clipboard the OS keeps out of history, no events, Linux, no microphone. */
export type AppParts = Pick<AppServicesDeps, 'resolved' | 'settings' | 'dataDir'> & Partial<AppServicesDeps>;

/** The apps one test file starts, closed together (`close` in its afterAll). */
export class AppsUnderTest {
  readonly open: AppServices[] = [];

  async start(parts: AppParts): Promise<AppServices> {
    const services = await buildAppServices({
      secrets: new MemorySecretStore(),
      journalDir: journalDir(parts.dataDir),
      clipboard: { writeText: async () => ({ transient: true }) },
      emit: () => undefined,
      platform: 'linux',
      audio: NO_MICROPHONE,
      ...parts,
    });
    this.open.push(services);
    return services;
  }

  async close(): Promise<void> {
    await Promise.all(this.open.map((s) => s.close()));
  }
}
