/**
 * The composition root: the only place that knows every feature. It builds the app only from the
 * features' factories (main/features/<name>/<name>-feature.ts, each returning its service, its IPC slice
 * and its events; composed in compose-features.ts), merges their handler slices, and has the audit trail
 * subscribe to what the others report. `buildAppServices` adds the platform: the journal folder, the
 * keychain-keyed vault, the microphones, the user settings, the audit trail. No electron here: the Electron
 * shell (main/shells/electron/index.ts) calls it with Electron's clipboard, and tests call it under Node
 * with their own, so the app's wiring itself is under test. A lint rule lets main/compose import a feature
 * only through its factory file and its ports.ts (types).
 */
import type { Config, ConfigKey } from '../core/config/config-schema.ts';
import { fixedConfig, type LiveConfigPort } from '../core/config/live-config.ts';
import type { ConfigSource } from '../core/config/resolve-config.ts';
import type { SettingsRecovery } from '../core/config/settings-recovery.ts';
import type { SettingsStore } from '../core/config/settings-store.ts';
import type { SecretStore } from '../base/secrets/secret-store.ts';
import { JournalStore } from '../core/journal/journal-store.ts';
import { microphoneInputs } from '../core/audio/audio-inputs.ts';
import type { AudioInputs, MicrophoneAccess } from '../core/audio/ports.ts';
import type { AppHandlers } from '../core/ipc/handler-slice.ts';
import type { EmitEvent } from '../core/ipc/event-emitter.ts';
import { createAuditFeature, type AuditLog } from '../features/audit/audit-feature.ts';
import type { OpenBrowser } from '../features/connection/connection-feature.ts';
import type { DictationPlatformFactory } from '../features/dictation/dictation-feature.ts';
import type { ClipboardPort } from '../features/note/ports.ts';
import {
  createUpdatesFeature,
  type BusySignals,
  type UpdatesPlatform,
} from '../features/updates/updates-feature.ts';
import type { VisitEndHow } from '../features/visit/ports.ts';
import { composeFeatures, type FeaturePorts, type Features } from './compose-features.ts';
import { journalOwner } from '../core/journal/journal-owner.ts';
import type { ClinicianIdentity } from '../features/connection/ports.ts';

export { composeFeatures, type Features } from './compose-features.ts';

/** What the platform provides. */
export interface AppServicesDeps {
  readonly resolved: {
    config: Config;
    locked: readonly ConfigKey[];
    /** Where each value came from (a value from the managed policy makes the installation managed). */
    sources?: Record<ConfigKey, ConfigSource>;
    /** The settings file was repaired at start (main/core/config/settings-recovery.ts). */
    settingsRecovery?: SettingsRecovery;
  };
  /** The configuration as IT changes it while the app runs (main/core/config/live-config.ts); `resolved` when omitted. */
  readonly live?: LiveConfigPort;
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  /** The per-user data folder (Electron's userData; main/core/config/paths.ts for the CLI). */
  readonly dataDir: string;
  /** Where unfinished visits are journaled (config `journalDir`, else main/core/config/paths.ts defaultJournalDir). */
  readonly journalDir: string;
  readonly clipboard: ClipboardPort;
  readonly emit: EmitEvent;
  readonly platform: NodeJS.Platform;
  /** The machine's microphones unless given (tests give a fixture recording). */
  readonly audio?: AudioInputs;
  readonly microphoneAccess?: MicrophoneAccess;
  /** Opens the system browser for "Sign in with your organization" (Electron's shell.openExternal). */
  readonly openBrowser?: OpenBrowser;
  /** Dictation's platform parts (main/shells/electron/dictation-platform.ts); none: unavailable. */
  readonly dictation?: DictationPlatformFactory;
  /** The shell's updater (the Electron app's), given the features (the window's language); none: no updates. */
  readonly updates?: (app: Features) => UpdatesPlatform;
}

/** The running services. */
export interface AppServices {
  readonly app: Features;
  readonly journals: JournalStore;
  /** The audit trail (in dataDir, shared with the CLI). */
  readonly audit: AuditLog;
  /** What must not be interrupted by an update's restart (a visit; a dictation registers here too). */
  readonly busy: BusySignals;
  readonly handlers: AppHandlers;
  /**
   * Ends the visit from outside the window (the tray; quitting) and waits until the audit trail has it,
   * so that a quit right after does not lose the record.
   */
  endVisit(how: Exclude<VisitEndHow, 'window' | 'audio_end'>): Promise<void>;
  /** Ends a running visit (every sent chunk confirmed) and stops the sample service. */
  close(): Promise<void>;
}

/**
 * Builds everything, has the audit trail subscribe to what the features report, and restores the saved
 * connection (quietly: the Connect screen shows the outcome).
 */
export async function buildAppServices(deps: AppServicesDeps): Promise<AppServices> {
  const live = deps.live ?? fixedConfig(deps.resolved);
  const signedIn: { identity(): ClinicianIdentity | null } = { identity: () => null };
  const journals = await openJournals(deps, () => journalOwner(signedIn.identity()));
  const app = composeFeatures(featurePortsOf(deps, live, journals));
  signedIn.identity = () => app.connections.identity();
  const { config } = deps.resolved;
  const updates = createUpdatesFeature({
    busy: {
      visit: () => app.visit.active,
      dictation: () => app.dictation?.controller.active ?? false,
    },
    ...(deps.updates ? { updates: { config, platform: deps.updates(app) } } : {}),
  });
  // The trail names the signed-in clinician (service user and IdP subject), asked at each record.
  const audit = await createAuditFeature({
    dataDir: deps.dataDir,
    config,
    reports: { ...reportsOf(app), updates: updates.events },
    secrets: deps.secrets,
    identity: () => app.connections.identity(),
  });
  await app.connections.restore();
  // IT changed the policy: the window shows the new locks at once (handlers read the live policy anyway).
  const stopFollowing = live.onDidChange(() => {
    deps.emit('policy:changed', app.policy.view());
    app.policyChanged();
  });
  return {
    app,
    journals,
    audit: audit.service,
    busy: updates.service,
    handlers: app.handlers,
    endVisit: (how) => app.visit.end(how).then(() => audit.service.settled()),
    close: async () => {
      stopFollowing();
      await app.dispose();
      await audit.dispose?.();
    },
  };
}

/** What the features report, as the audit trail hears it. */
function reportsOf(app: Features) {
  const { policy, connections, visit, notes, schedule, dictation } = app;
  return { policy, connections, visit, notes, schedule, dictation };
}

/**
 * The journal folder, retention applied: finished visits older than the period are shredded at every start.
 * Each journal is stamped with the clinician signed in when it is created (a shared OS account: issue 32).
 */
async function openJournals(deps: AppServicesDeps, owner: () => string | undefined): Promise<JournalStore> {
  const journals = new JournalStore({
    dir: deps.journalDir,
    secrets: deps.secrets,
    retentionHours: deps.resolved.config.journalRetentionHours,
    offerEndedVisits: true,
    owner,
  });
  // Finished visits older than the retention period are shredded at every start; unfinished ones are kept.
  await journals.applyRetention().catch(() => undefined);
  return journals;
}

/** The features' ports from the platform: the ways in, the user settings, dictation's stores. */
function featurePortsOf(deps: AppServicesDeps, live: LiveConfigPort, journals: JournalStore): FeaturePorts {
  const audio = deps.audio ?? microphoneInputs();
  const { secrets, dataDir, settings: file, resolved } = deps;
  const dictation = deps.dictation
    ? { parts: deps.dictation, store: file, resolved: () => live.current(), secrets, dataDir, journals }
    : null;
  return {
    ways: {
      config: resolved.config,
      live,
      ...(resolved.sources ? { sources: resolved.sources } : {}),
      secrets,
      dataDir,
      audio,
      journals,
      ...(deps.openBrowser ? { openBrowser: deps.openBrowser } : {}),
    },
    audio,
    clipboard: deps.clipboard,
    preferences: { file, ...(resolved.settingsRecovery ? { recovery: resolved.settingsRecovery } : {}) },
    emit: deps.emit,
    platform: deps.platform,
    ...(deps.microphoneAccess ? { microphoneAccess: deps.microphoneAccess } : {}),
    journals,
    ...(dictation ? { dictation } : {}),
    live,
    dataDir,
  };
}
