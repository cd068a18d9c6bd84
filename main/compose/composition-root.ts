/**
 * The composition root: the only place that knows every capability. `composeFeatures` builds connection,
 * visit, note and settings from their ports and merges their IPC handler slices; `buildAppServices` adds
 * the platform-level parts from the resolved configuration (the journal folder, the saved or IT-managed
 * connection in the keychain-keyed vault, the microphones, preferences in the user settings, the sample
 * kit). No electron here: the Electron shell (main/shells/electron/index.ts) calls it with Electron's clipboard, and tests
 * call it under Node with their own, so the app's wiring itself is under test.
 */
import { join } from 'node:path';
import type { AuditLog } from '../features/audit/audit-log.ts';
import { recordReports } from '../features/audit/audit-reports.ts';
import { configSchema, type Config, type ConfigKey } from '../core/config/config-schema.ts';
import { fixedConfig, type LiveConfigPort } from '../core/config/live-config.ts';
import type { ConfigSource } from '../core/config/resolve-config.ts';
import type { SettingsRecovery } from '../core/config/settings-recovery.ts';
import type { OpenBrowser } from '../features/connection/oidc-sign-in.ts';
import type { SettingsStore } from '../core/config/settings-store.ts';
import type { SecretStore } from '../base/secrets/secret-store.ts';
import type { JournalStore } from '../core/journal/journal-store.ts';
import { microphoneInputs } from '../core/audio/audio-inputs.ts';
import type { AudioInputs, MicrophoneAccess } from '../core/audio/ports.ts';
import { ConnectionManager, type SignInOptions } from '../features/connection/connection-manager.ts';
import { createConnectionHandlers } from '../features/connection/handlers.ts';
import type { Connector, CoreAccess, SampleKit } from '../features/connection/ports.ts';
import { createSampleKit } from '../features/connection/sample-kit.ts';
import { mergeHandlerSlices, type AppHandlers, type EveryChannel } from '../core/ipc/handler-slice.ts';
import { createNoteHandlers } from '../features/note/handlers.ts';
import { NoteService } from '../features/note/note-service.ts';
import type { ClipboardPort } from '../features/note/ports.ts';
import { createSettingsHandlers } from '../features/settings/handlers.ts';
import type { PreferenceStore } from '../features/settings/ports.ts';
import { SettingsService } from '../features/settings/settings-service.ts';
import { SettingsPolicy } from '../features/settings/settings-policy.ts';
import {
  CUSTOMIZATION_FILE,
  FileCustomizationStore,
  MemoryCustomizationStore,
} from '../features/settings/customization-store.ts';
import type { CustomizationStore } from '../features/settings/ports.ts';
import { createPolicyHandlers, withPolicy } from './policy-handlers.ts';
import { createVisitHandlers } from '../features/visit/handlers.ts';
import {
  composeDictation,
  type DictationPlatformFactory,
  type DictationStores,
} from '../features/dictation/compose-dictation.ts';
import type { DictationService } from '../features/dictation/dictation-service.ts';
import { createDictationHandlers, unavailableDictationHandlers } from '../features/dictation/handlers.ts';
import type { VisitEndHow, VisitJournals } from '../features/visit/ports.ts';
import type { BusySignals } from '../features/updates/update-controller.ts';
import { VisitService } from '../features/visit/visit-service.ts';
import { liveTranscribers } from '../features/visit/live-transcriber.ts';
import {
  busySignals,
  closeServices,
  connectionWays,
  connectorOf,
  followPolicy,
  openAudit,
  openJournals,
  preferencesOf,
} from './platform-wiring.ts';
import type { EmitEvent } from '../core/ipc/event-emitter.ts';

/** The ports every capability is built from (fakes in tests). */
export interface FeaturePorts {
  readonly connector: Connector;
  /** The ways in this installation offers (default: the person's own credentials). */
  readonly signIn?: SignInOptions | (() => SignInOptions);
  readonly sample: SampleKit | null;
  readonly audio: AudioInputs;
  readonly clipboard: ClipboardPort;
  readonly preferences: PreferenceStore;
  readonly emit: EmitEvent;
  /** process.platform, for line endings of copied text. */
  readonly platform: string;
  /** The OS microphone permission; none where the OS has no such setting (Linux, tests). */
  readonly microphoneAccess?: MicrophoneAccess;
  /** The journal folder, for visits a crash left unfinished; none where nothing is journaled. */
  readonly journals?: VisitJournals;
  /** IT's policy, enforced around every handler (nothing locked when omitted). */
  readonly policy?: SettingsPolicy;
  /** A server caller's note customization (kept in memory unless given). */
  readonly customizations?: CustomizationStore;
  /** Dictation anywhere, where the shell provides its platform parts (key hook, inserter, overlay…). */
  readonly dictation?: DictationStores & { readonly parts: DictationPlatformFactory };
}

/** Every capability, and the handlers of every channel. */
export interface Features {
  /** IT's policy, as enforced around the handlers. */
  readonly policy: SettingsPolicy;
  readonly connections: ConnectionManager;
  readonly visit: VisitService;
  readonly notes: NoteService;
  readonly settings: SettingsService;
  readonly dictation: DictationService | null;
  readonly handlers: AppHandlers;
}

/** Builds the capabilities from their ports and merges their handler slices. */
export function composeFeatures(deps: FeaturePorts): Features {
  const customizations = deps.customizations ?? new MemoryCustomizationStore();
  // The connection must not change under a visit being recorded; the visit records over the connection.
  const connections = new ConnectionManager(deps.connector, deps.sample, () => visit.active, deps.signIn);
  connections.onStatus((status) => deps.emit('connect:status', status));
  const core = coreAccessOf(connections);
  const notes = noteServiceOf(deps, core, customizations, () => visit);
  const visit: VisitService = new VisitService({
    connections,
    audio: deps.audio,
    preferences: deps.preferences,
    emit: deps.emit,
    ...(deps.microphoneAccess ? { microphoneAccess: deps.microphoneAccess } : {}),
    ...(deps.journals ? { journals: deps.journals } : {}),
    onWillReplaceVisit: () => notes.reset(),
    microphoneBusy: () => dictation?.controller.active ?? false,
  });
  const settings = new SettingsService(core, deps.audio, deps.preferences, deps.emit, customizations);
  const dictation = deps.dictation ? dictationOf(deps, deps.dictation, connections, visit) : null;
  const policy =
    deps.policy ?? new SettingsPolicy(fixedConfig({ config: configSchema.parse({}), locked: [] }));
  const slices = mergeHandlerSlices(
    createConnectionHandlers(connections),
    createVisitHandlers(visit),
    createNoteHandlers(notes, core),
    createSettingsHandlers(settings, core),
    dictation ? createDictationHandlers(dictation) : unavailableDictationHandlers(),
    createPolicyHandlers(policy),
  );
  const handlers = withPolicy(slices satisfies EveryChannel<typeof slices>, policy);
  return { policy, connections, visit, notes, settings, dictation, handlers };
}

/** The Core API of the connection now, as note and settings reach it (they never see the manager). */
function coreAccessOf(connections: ConnectionManager): CoreAccess {
  return {
    require: () => connections.require().core,
    current: () => (connections.mode === 'none' ? null : connections.require().core),
  };
}

/** The note workflow over the visit's transcript (read when asked: the visit is built after it). */
function noteServiceOf(
  deps: FeaturePorts,
  core: CoreAccess,
  customizations: CustomizationStore,
  visit: () => VisitService,
): NoteService {
  return new NoteService({
    core,
    transcript: {
      get active() {
        return visit().active;
      },
      finalInputs: () => visit().finalTranscript(),
      startedAt: () => visit().startedAt(),
    },
    clipboard: deps.clipboard,
    emit: deps.emit,
    platform: deps.platform,
    customizations,
  });
}

/** Dictation over the connection's streaming, giving way to a visit that has the microphone. */
function dictationOf(
  deps: FeaturePorts,
  { parts, ...stores }: NonNullable<FeaturePorts['dictation']>,
  connections: ConnectionManager,
  visit: VisitService,
): DictationService {
  return composeDictation(parts, {
    ...stores,
    connection: () => {
      const connection = connections.require();
      if (!connection.streaming) throw new Error('This connection cannot stream.');
      return { baseUrl: connection.baseUrl, ...connection.streaming };
    },
    // Recording, or armed after the consent tick: the visit has the microphone.
    visitUsesMicrophone: () => visit.usesMicrophone,
    // The clinician's chosen microphone, as the Visit screen's first input.
    microphone: () => deps.audio.open(deps.preferences.get().clinicianDeviceId ?? ''),
    clipboard: deps.clipboard,
    platform: deps.platform as NodeJS.Platform,
    onState: (state) => deps.emit('dictation:state', state),
  });
}

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
 * Builds everything, has the audit trail listen to what the features report, and restores the saved
 * connection (quietly: the Connect screen shows the outcome).
 */
export async function buildAppServices(deps: AppServicesDeps): Promise<AppServices> {
  const { config } = deps.resolved;
  const live = deps.live ?? fixedConfig(deps.resolved);
  const policy = new SettingsPolicy(live);
  const audit = await openAudit(deps);
  const journals = await openJournals(deps);
  const audio = deps.audio ?? microphoneInputs();
  const ways = connectionWays(deps, live, policy);
  const sample = createSampleKit({ transcriber: liveTranscribers() });
  const preferences = preferencesOf(deps, live);
  const app = composeFeatures({
    connector: connectorOf(config, audio, ways, journals),
    signIn: ways.signIn,
    sample,
    audio,
    clipboard: deps.clipboard,
    preferences,
    emit: deps.emit,
    platform: deps.platform,
    ...(deps.microphoneAccess ? { microphoneAccess: deps.microphoneAccess } : {}),
    journals,
    ...(deps.dictation ? { dictation: dictationStores(deps, live, journals, deps.dictation) } : {}),
    policy,
    customizations: new FileCustomizationStore(join(deps.dataDir, CUSTOMIZATION_FILE)),
  });
  recordReports(audit, app);
  await app.connections.restore();
  const stopPushing = followPolicy({ live, policy, app, ways, emit: deps.emit });
  return {
    app,
    journals,
    audit,
    busy: busySignals(app),
    handlers: app.handlers,
    endVisit: (how) => app.visit.end(how).then(() => audit.settled()),
    close: () => closeServices(app, sample, stopPushing, audit),
  };
}

/** Where dictation keeps its settings and history, with the shell's platform parts. */
function dictationStores(
  deps: AppServicesDeps,
  live: LiveConfigPort,
  journals: JournalStore,
  parts: DictationPlatformFactory,
): DictationStores & { readonly parts: DictationPlatformFactory } {
  const { settings: store, secrets, dataDir } = deps;
  return { parts, store, resolved: () => live.current(), secrets, dataDir, journals };
}
