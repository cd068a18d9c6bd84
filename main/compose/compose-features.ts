/**
 * The features, composed: each built by its own factory (main/features/<name>/<name>-feature.ts, returning
 * its service, its IPC slice and its events), their handler slices merged and wrapped in IT's policy. Part
 * of the composition root (composition-root.ts adds the platform and the audit trail); tests call
 * `composeFeatures` with their fakes as ports.
 */
import type { LiveConfigPort } from '../core/config/live-config.ts';
import type { AudioInputs, MicrophoneAccess } from '../core/audio/ports.ts';
import {
  mergeHandlerSlices,
  type AppHandlers,
  type EveryChannel,
  type HandlerSlice,
} from '../core/ipc/handler-slice.ts';
import type { EmitEvent } from '../core/ipc/event-emitter.ts';
import {
  createConnectionFeature,
  type ConnectionFeature,
  type ConnectionManager,
  type ConnectionPlatform,
  type GivenConnector,
} from '../features/connection/connection-feature.ts';
import type { CoreAccess } from '../features/connection/ports.ts';
import {
  createDictationFeature,
  type DictationAppParts,
  type DictationFeature,
  type DictationPlatformFactory,
  type DictationService,
  type DictationStores,
} from '../features/dictation/dictation-feature.ts';
import { checkKindsOf } from '../core/config/check-kinds.ts';
import { createNoteFeature, type NoteFeature, type NoteService } from '../features/note/note-feature.ts';
import type { TextsService } from '../features/texts/texts-feature.ts';
import { accountOf, textsFeatureOf } from './compose-texts.ts';
import type { Feature } from '../core/ipc/feature.ts';
import type { ClipboardPort } from '../features/note/ports.ts';
import type { PreferenceStore } from '../features/settings/ports.ts';
import {
  createSettingsFeature,
  type SettingsFeature,
  type SettingsFeatureDeps,
  type SettingsPolicy,
  type SettingsService,
} from '../features/settings/settings-feature.ts';
import type { VisitJournals } from '../features/visit/ports.ts';
import {
  createScheduleFeature,
  type ScheduleFeature,
  type ScheduleService,
} from '../features/schedule/schedule-feature.ts';
import { createVisitFeature, type VisitFeature, type VisitService } from '../features/visit/visit-feature.ts';
import { createPolicyHandlers, withPolicy } from './policy-handlers.ts';
import { forgetOnClinicianChange } from './clinician-change.ts';

/**
 * The ports every feature is built from (fakes in tests). Connections come from a given connector (tests),
 * or from the platform's ways in (`ways`: the keychain-keyed vault, IT's managed connection, the sample kit).
 */
export type FeaturePorts = SharedPorts &
  (GivenConnector | { readonly ways: Omit<ConnectionPlatform, 'transcribers' | 'rules'> });

/** What every feature may be given, whichever way connections come. */
interface SharedPorts {
  readonly audio: AudioInputs;
  readonly clipboard: ClipboardPort;
  /** The clinician's preferences: given, or kept in the user settings file. */
  readonly preferences: SettingsFeatureDeps['preferences'];
  readonly emit: EmitEvent;
  /** process.platform, for line endings of copied text. */
  readonly platform: string;
  /** The OS microphone permission; none where the OS has no such setting (Linux, tests). */
  readonly microphoneAccess?: MicrophoneAccess;
  /** The journal folder, for visits a crash left unfinished; none where nothing is journaled. */
  readonly journals?: VisitJournals;
  /** IT's policy as it changes while the app runs, enforced around every handler (nothing locked when omitted). */
  readonly live?: LiveConfigPort;
  /** Where a server caller's note customization is kept (in memory when omitted). */
  readonly dataDir?: string;
  /** Dictation anywhere, where the shell provides its platform parts (key hook, inserter, overlay…). */
  readonly dictation?: DictationStores & { readonly parts: DictationPlatformFactory };
}

/** Every feature's service, and the handlers of every channel. */
export interface Features {
  /** IT's policy, as enforced around the handlers. */
  readonly policy: SettingsPolicy;
  readonly connections: ConnectionManager;
  readonly visit: VisitService;
  readonly notes: NoteService;
  readonly settings: SettingsService;
  readonly dictation: DictationService | null;
  readonly schedule: ScheduleService;
  readonly handlers: AppHandlers;
  /** IT's policy changed: the connection follows it. */
  policyChanged(): void;
  /** Lets go of everything at quit: a dictation finished, a visit ended, the sample service stopped. */
  dispose(): Promise<void>;
}

/** The features, each from its factory. */
interface Built {
  readonly settings: SettingsFeature;
  readonly visit: VisitFeature;
  readonly connection: ConnectionFeature;
  readonly notes: NoteFeature;
  readonly dictation: DictationFeature;
  readonly schedule: ScheduleFeature;
  readonly texts: Feature<TextsService | null, HandlerSlice<'texts'>, null>;
}

/** Builds the features from their factories and merges their handler slices. */
export function composeFeatures(deps: FeaturePorts): Features {
  const { settings, visit, connection, notes, dictation, schedule, texts } = buildFeatures(deps);
  const stopForgetting = forgetOnClinicianChange({
    connections: connection.service,
    visit: visit.service,
    dictation: dictation.service,
  });
  const slices = mergeHandlerSlices(
    connection.handlers,
    visit.handlers,
    notes.handlers,
    settings.handlers,
    dictation.handlers,
    schedule.handlers,
    texts.handlers,
    createPolicyHandlers(settings.policy),
  );
  return {
    policy: settings.policy,
    connections: connection.service,
    visit: visit.service,
    notes: notes.service,
    settings: settings.service,
    dictation: dictation.service,
    schedule: schedule.service,
    handlers: withPolicy(slices satisfies EveryChannel<typeof slices>, settings.policy),
    policyChanged: () => connection.policyChanged(),
    // In this order: a dictation finishes first, then a recording visit ends, then the sample service stops.
    dispose: async () => {
      stopForgetting();
      await dictation.dispose?.();
      await visit.dispose?.();
      await schedule.dispose?.();
      await connection.dispose();
    },
  };
}

/**
 * Each feature from its factory. A feature reads the others it needs when it uses them: the connection is
 * built after the visit it records for, the note after the visit that replaces it.
 */
function buildFeatures(deps: FeaturePorts): Built {
  const core = coreOf(() => connection);
  const { audio, emit } = deps;
  const settings = createSettingsFeature({
    core,
    audio,
    emit,
    preferences: deps.preferences,
    ...(deps.live ? { live: deps.live } : {}),
    ...(deps.dataDir ? { dataDir: deps.dataDir } : {}),
    account: () => accountOf(connection.service, true),
  });
  const visit = createVisitFeature({
    connection: () => connection.service,
    audio,
    preferences: settings.preferences,
    emit,
    ...(deps.microphoneAccess ? { microphoneAccess: deps.microphoneAccess } : {}),
    ...(deps.journals ? { journals: deps.journals } : {}),
    onWillReplaceVisit: () => replacingVisit(notes, schedule),
    microphoneBusy: () => dictation.service?.controller.active ?? false,
  });
  const connection = createConnectionFeature({
    emit,
    visitActive: () => visit.service.active,
    ways:
      'ways' in deps
        ? { platform: { ...deps.ways, transcribers: visit.transcribers, rules: settings.policy } }
        : givenOf(deps),
  });
  const schedule = scheduleFeatureOf(() => connection.service, emit);
  const notes = noteFeatureOf(deps, core, visit.service, settings, schedule.service);
  const texts = textsFeatureOf(deps, connection);
  // IT's vocabulary list reaches the clinician's replacements as they sign in (the Texts: compose-texts.ts).
  connection.events.onDidReport((event) => void (event.kind === 'signed_in' && settings.syncVocabulary()));
  const parts = { connection, visit: visit.service, settings, texts: texts.service };
  const dictation = createDictationFeature(
    deps.dictation ? dictationParts(deps, deps.dictation, { ...parts, schedule: schedule.service }) : null,
  );
  return { settings, visit, connection, notes, dictation, schedule, texts };
}

/** The visit on screen is being replaced: its note goes, and it takes the appointment just linked. */
function replacingVisit(notes: NoteFeature, schedule: ScheduleFeature): void {
  notes.service.reset();
  schedule.service.visitReplaced();
}

/** The Core API of the connection, read when asked (it is built after the features that use it). */
function coreOf(connection: () => ConnectionFeature): CoreAccess {
  return { require: () => connection().core.require(), current: () => connection().core.current() };
}

/** The clinician's day over the connection now (read when asked). */
function scheduleFeatureOf(connections: () => ConnectionManager, emit: EmitEvent): ScheduleFeature {
  const current = () => (connections().mode === 'none' ? null : connections().require());
  return createScheduleFeature({ connection: { current }, emit });
}

/** The note over the visit's transcript (read when asked). */
function noteFeatureOf(
  deps: FeaturePorts,
  core: CoreAccess,
  visit: VisitService,
  settings: SettingsFeature,
  schedule: ScheduleService,
) {
  return createNoteFeature({
    core,
    transcript: {
      get active() {
        return visit.active;
      },
      finalInputs: () => visit.finalTranscript(),
      startedAt: () => visit.startedAt(),
      patient: () => schedule.linkedDemographics(),
      items: () => visit.transcript(),
      said: () => visit.said(),
    },
    clipboard: deps.clipboard,
    emit: deps.emit,
    platform: deps.platform,
    customizations: settings.customizations,
    checkKinds: () => checkKindsOf(settings.policy.config()),
  });
}

/** What dictation is given: the connection's streaming, giving way to a visit that has the microphone. */
function dictationParts(
  deps: FeaturePorts,
  stores: NonNullable<FeaturePorts['dictation']>,
  {
    connection,
    visit,
    settings,
    texts,
    schedule,
  }: {
    connection: ConnectionFeature;
    visit: VisitService;
    settings: { preferences: PreferenceStore };
    texts: TextsService | null;
    schedule: ScheduleService;
  },
): DictationAppParts & { readonly parts: DictationPlatformFactory } {
  return {
    ...stores,
    connection: () => {
      const current = connection.service.require();
      if (!current.streaming) throw new Error('This connection cannot stream.');
      return { baseUrl: current.baseUrl, ...current.streaming };
    },
    // Recording, or armed after the consent tick: the visit has the microphone.
    visitUsesMicrophone: () => visit.usesMicrophone,
    // The clinician's chosen microphone, as the Visit screen's first input; the sample dictation's
    // recording while the connection is the sample's (as the sample visit plays its recording).
    microphone: () => {
      const kit = connection.service.mode === 'sample' ? connection.service.sampleKit : null;
      return kit ? kit.openDictation() : deps.audio.open(settings.preferences.get().clinicianDeviceId ?? '');
    },
    sampleAudio: () => connection.service.mode === 'sample' && connection.service.sampleKit !== null,
    clipboard: deps.clipboard,
    platform: deps.platform as NodeJS.Platform,
    onState: (state) => deps.emit('dictation:state', state),
    onBoxField: (button) => deps.emit('dictation:boxField', { button }),
    ...(texts ? { texts: () => texts.current() } : {}),
    encounter: () => `${visit.startedAt() ?? ''}|${schedule.linkedId() ?? ''}`, // the checks' "earlier"
  };
}

/** The given connector, sign-in options and sample kit (tests). */
function givenOf({ connector, sample, signIn }: GivenConnector): GivenConnector {
  return { connector, sample, ...(signIn ? { signIn } : {}) };
}
