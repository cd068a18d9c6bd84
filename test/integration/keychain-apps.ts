/**
 * The app's own wiring under Node with the real keychain, as composition-root*.test.ts start it: the streaming
 * local service for the file, and `start`, the app on a data folder (no policy unless `env` names one) with a
 * clipboard that remembers what it was given and the fixture visit as the microphone.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { SecretStore } from '../../main/base/secrets/secret-store.ts';
import type { ClipboardPort } from '../../main/features/note/ports.ts';
import { KeychainSecretStore } from '../../native/keychain-secret-store.ts';
import { AppsUnderTest, FILE_INPUTS, resolveConfig } from './app-under-test.ts';
import { startStreamingHarness, type StreamingHarness } from './core/streaming/harness.ts';

/** A clipboard that remembers every write. */
class Clipboard implements ClipboardPort {
  readonly writes: string[] = [];
  async writeText(text: string) {
    this.writes.push(text);
    return { transient: true };
  }
}

/** Starts the service for the file (handing it to `use`); `secrets` is the keychain `start` uses by default. */
export function keychainAppsPerFile(use: (h: StreamingHarness) => void) {
  let h: StreamingHarness;
  const secrets = new KeychainSecretStore(`scribe-test-${randomUUID()}`);
  const apps = new AppsUnderTest();
  beforeAll(async () => use((h = await startStreamingHarness())));
  afterAll(async () => {
    await apps.close();
    await h.close();
  });

  async function start(dataDir: string, env: Record<string, string> = {}, store: SecretStore = secrets) {
    const clipboard = new Clipboard();
    const config = await resolveConfig(dataDir, {
      SCRIBE_POLICY_FILE: join(dataDir, 'no-policy.json'),
      ...env,
    });
    const services = await apps.start({ ...config, dataDir, secrets: store, clipboard, audio: FILE_INPUTS });
    return { services, clipboard, handlers: services.handlers };
  }
  return { start, secrets };
}
