/**
 * Builds the app's visit services from the resolved configuration and the platform's parts: the journal
 * folder, the saved (or IT-managed) connection in the keychain-keyed vault, the microphones, preferences in
 * the user settings, the sample kit and the IPC handlers. main/index.ts calls it with Electron's clipboard;
 * tests call it under Node with their own, so the app's wiring itself is under test.
 */
import { dictationChannels, type channels } from '../../preload/contract/index.ts';
import type { Config, ConfigKey } from '../config/config-schema.ts';
import type { SettingsStore } from '../config/settings-store.ts';
import type { ChannelHandlers } from '../ipc/channel-map.ts';
import { unavailableHandlers } from '../ipc/unavailable-handlers.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { TokenVault } from '../secrets/token-vault.ts';
import { JournalStore } from '../streaming/journal-store.ts';
import { microphoneInputs } from './audio-inputs.ts';
import { createConnector } from './connector.ts';
import { TokenVaultCredentials, withManagedConnection } from './credential-vault.ts';
import { createVisitHandlers } from './handlers.ts';
import type { AudioInputs, ClipboardPort, MicrophoneAccess } from './ports.ts';
import { SettingsPreferenceStore } from './preferences.ts';
import { createSampleKit } from './sample-kit.ts';
import { VisitApp } from './visit-app.ts';
import type { EmitEvent } from './visit-recorder.ts';

/** What the platform provides. */
export interface AppServicesDeps {
  readonly resolved: { config: Config; locked: readonly ConfigKey[] };
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  /** The per-user data folder (Electron's userData; main/config/paths.ts for the CLI). */
  readonly dataDir: string;
  /** Where unfinished visits are journaled (config `journalDir`, else main/config/paths.ts defaultJournalDir). */
  readonly journalDir: string;
  readonly clipboard: ClipboardPort;
  readonly emit: EmitEvent;
  readonly platform: NodeJS.Platform;
  /** The machine's microphones unless given (tests give a fixture recording). */
  readonly audio?: AudioInputs;
  readonly microphoneAccess?: MicrophoneAccess;
  /** The dictation IPC slice (main/dictation/handlers.ts), when the shell has built dictation. */
  readonly dictationHandlers?: ChannelHandlers<typeof dictationChannels>;
}

/** The running services. */
export interface AppServices {
  readonly app: VisitApp;
  readonly journals: JournalStore;
  readonly handlers: ChannelHandlers<typeof channels>;
  /** Ends a running visit (every sent chunk confirmed) and stops the sample service. */
  close(): Promise<void>;
}

/** Builds everything and restores the saved connection (quietly: the Connect screen shows the outcome). */
export async function buildAppServices(deps: AppServicesDeps): Promise<AppServices> {
  const { config } = deps.resolved;
  const journals = new JournalStore({
    dir: deps.journalDir,
    secrets: deps.secrets,
    retentionHours: config.journalRetentionHours,
  });
  // Finished visits older than the retention period are shredded at every start; unfinished ones are kept.
  await journals.applyRetention().catch(() => undefined);
  const audio = deps.audio ?? microphoneInputs();
  const vault = withManagedConnection(
    new TokenVaultCredentials(
      new TokenVault({ store: deps.secrets, dataDir: deps.dataDir, name: 'connection' }),
    ),
    config,
  );
  const sample = createSampleKit();
  const app = new VisitApp({
    connector: createConnector({ audio, vault, journals, apiVersion: config.apiVersion }),
    sample,
    audio,
    clipboard: deps.clipboard,
    preferences: new SettingsPreferenceStore(deps.settings, deps.resolved),
    emit: deps.emit,
    platform: deps.platform,
    ...(deps.microphoneAccess ? { microphoneAccess: deps.microphoneAccess } : {}),
    journals,
  });
  await app.connections.restore();
  return {
    app,
    journals,
    // Dictation's slice comes from main/dictation/ when the shell provides its ports; until then it says so.
    handlers: {
      ...createVisitHandlers(app),
      ...(deps.dictationHandlers ?? unavailableHandlers(dictationChannels)),
    },
    async close() {
      if (app.recorder.active) await app.end().catch(() => undefined);
      await sample.close();
    },
  };
}
