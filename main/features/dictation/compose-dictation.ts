/**
 * Dictation, composed in one place: from the shell's platform parts (key hook, shortcuts, inserter, overlay,
 * Accessibility, Secure Input: Electron adapters in the app, fakes in tests) and the app's own parts (the
 * connection, the visit's use of the microphone, the journal folder, the clipboard, where the dictation
 * settings and the encrypted history live), it builds the settings, the history and the service.
 */
import type { KeyHook } from '../../../native/key-hook.ts';
import { noSecureInput, type SecureInputProbe } from '../../../native/secure-input.ts';
import type { AudioSource } from '../../core/audio/audio-source.ts';
import type { DictationLocale } from '../../core/api/schemas/common.ts';
import type { JournalStore } from '../../core/journal/journal-store.ts';
import type { BoxButton, DictationStateDto } from '../../../preload/contract/index.ts';
import { journaledDictation, SharedMicrophoneLock, type DictationConnection } from './dictation-kit.ts';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import type { Config, ConfigKey } from '../../core/config/config-schema.ts';
import type { SettingsStore } from '../../core/config/settings-store.ts';
import { checkKindsOf } from '../../core/config/check-kinds.ts';
import { DictationHistory } from './dictation-history.ts';
import { DictationRecovery } from './dictation-recovery.ts';
import { DictationService, type DictationClipboard } from './dictation-service.ts';
import { DictationSettingsStore } from './dictation-settings.ts';
import type { ShortcutRegistrar } from './hotkey-driver.ts';
import type { DictationText, FieldNavigator, Inserter, OpenDictation, OverlayPort } from './ports.ts';
import type { HidBackend } from '../../../native/hid.ts';
import type { ScheduledClear } from './insertion/copied-expiry.ts';
import { DictationMic } from './mic/dictation-mic.ts';
import { WarmMicrophone } from './warm-microphone.ts';
import { dictationPlatformKit, type DictationPlatformKit } from './platform-kit.ts';

/** What the shell provides for dictation: its platform parts, nothing else. */
interface DictationPlatform {
  readonly hook: KeyHook;
  readonly shortcuts: ShortcutRegistrar | null;
  readonly inserter: Inserter;
  readonly overlay: OverlayPort;
  readonly accessibility: () => 'granted' | 'missing' | 'not-needed';
  readonly secureInput?: SecureInputProbe;
  readonly onError?: (error: Error) => void;
  /** The dictation box only (the browser preview): no hotkey, no insertion into other applications. */
  readonly boxOnly?: boolean;
  /** Dictation microphones and foot pedals: the HID library, null where it did not load; absent: none. */
  readonly hid?: HidBackend | null;
  /** "Next field" / "previous field" in the focused field (voice, the microphone's Tab buttons); absent: every move is `unreadable`. */
  readonly fields?: FieldNavigator;
  /** One of our own windows has the keyboard focus: the field hotkeys the OS takes then go to the box. */
  readonly ownWindowFocused?: () => boolean;
  /** Clears what the box's Copy put on the clipboard at its time (copied-expiry.ts clearAfterSeconds). */
  readonly clearCopied?: (text: string) => ScheduledClear | null;
}

/** Builds the platform parts; the inserter follows the clinician's dictation settings (mode, app rules). */
export type DictationPlatformFactory = (parts: {
  settings: DictationSettingsStore;
  /** What dictation offers to build the parts with (inserters, field navigator…). */
  kit: DictationPlatformKit;
}) => DictationPlatform;

/** Where dictation keeps its settings and history, and the journals of unfinished dictations. */
export interface DictationStores {
  /** The person's settings file. */
  readonly store: SettingsStore;
  /** The live configuration: IT's policy may change while the app runs. */
  readonly resolved: () => { config: Config; locked: readonly ConfigKey[] };
  /** The keychain that holds the history's key; null keeps history in memory only. */
  readonly secrets: SecretStore | null;
  readonly dataDir: string;
  readonly journals: JournalStore | null;
}

/** What the rest of the app gives dictation. */
export interface DictationAppParts extends DictationStores {
  /** The signed-in connection's streaming credentials; throws when not connected. */
  readonly connection: () => DictationConnection;
  /** True while a visit records or has its inputs armed: dictation must not open the microphone. */
  readonly visitUsesMicrophone: () => boolean;
  /** Opens the clinician's chosen microphone (the sample dictation's recording under the sample). */
  readonly microphone: () => AudioSource;
  /**
   * True while `microphone` is the sample dictation's recording: it is never kept warm (each dictation
   * plays it from the start), its end ends the dictation, and it is not journaled (the sample keeps
   * nothing on disk, like the sample visit).
   */
  readonly sampleAudio?: () => boolean;
  readonly clipboard: DictationClipboard;
  readonly platform: NodeJS.Platform;
  readonly onState: (state: DictationStateDto) => void;
  /** A field key or microphone button for the box the window shows (field-key-route.ts). */
  readonly onBoxField?: (button: BoxButton) => void;
  /** The clinician's and the organization's Texts (the Texts feature). */
  readonly texts?: () => readonly DictationText[];
  /** The visit and appointment on screen as a key (no patient data): the checks' "earlier" stays inside it. */
  readonly encounter?: () => string | null;
}

/** The dictation service, hotkeys registered. */
export function composeDictation(
  platformOf: DictationPlatformFactory,
  app: DictationAppParts,
): DictationService {
  const settings = new DictationSettingsStore(app.store, app.resolved, app.platform);
  const history = new DictationHistory({
    secrets: app.secrets,
    dataDir: app.dataDir,
    retentionHours: () => settings.get().historyHours,
  });
  const platform = platformOf({ settings, kit: dictationPlatformKit });
  const service: DictationService = new DictationService({
    hook: platform.hook,
    shortcuts: platform.shortcuts,
    platform: app.platform,
    accessibility: platform.accessibility,
    secureInput: platform.secureInput ?? noSecureInput,
    settings,
    history,
    clipboard: app.clipboard,
    ...audioParts(app, settings),
    boxOnly: platform.boxOnly ?? false,
    lock: new SharedMicrophoneLock(app.visitUsesMicrophone),
    inserter: platform.inserter,
    overlay: platform.overlay,
    onState: app.onState,
    ...recoveryOf(app, settings),
    ...optionalParts(platform),
    ...(app.onBoxField ? { onBoxField: app.onBoxField } : {}),
    ...(app.texts ? { texts: app.texts } : {}),
    ...(app.encounter ? { encounter: app.encounter } : {}),
    checkKinds: () => checkKindsOf(app.resolved().config),
    transfer: (): Promise<void> => transferBox(service),
  });
  service.applyHotkeys();
  if (platform.hid !== undefined) attachMic(service, settings, platform);
  void history.load().catch(() => undefined);
  void service.refreshRecoverable();
  return service;
}

/** Recovery of unfinished dictations, where journals are kept (with the Texts "insert ‹name›" knows). */
function recoveryOf(app: DictationAppParts, settings: DictationSettingsStore) {
  if (!app.journals) return {};
  const commands = () => settings.get().commands;
  return { recovery: new DictationRecovery(app.journals, app.connection, commands, app.texts ?? (() => [])) };
}

/** The parts a shell may leave out, passed on only where it gives them. */
function optionalParts(platform: DictationPlatform) {
  const { onError, fields, ownWindowFocused, clearCopied } = platform;
  return {
    ...(onError ? { onError } : {}),
    ...(fields ? { fields } : {}),
    ...(ownWindowFocused ? { ownWindowFocused } : {}),
    ...(clearCopied ? { clearCopied } : {}),
  };
}

/**
 * The sessions and the microphone: journaled sessions and a warm microphone, except for the sample's
 * recording (never warm, its end ends the dictation, nothing journaled: the sample keeps nothing on disk).
 */
function audioParts(app: DictationAppParts, settings: DictationSettingsStore) {
  const sample = app.sampleAudio ?? (() => false);
  const journaled = (journals: JournalStore | null) =>
    journaledDictation({
      connection: app.connection,
      journals,
      locale: () => settings.get().locale as DictationLocale,
    });
  const [kept, unkept] = [journaled(app.journals), journaled(null)];
  const open: OpenDictation = (options) => (sample() ? unkept : kept)(options);
  const allowed = () => !app.visitUsesMicrophone() && !sample();
  return { open, microphone: new WarmMicrophone({ open: app.microphone, allowed }), endsWithAudio: sample };
}

/**
 * Dragon's "transfer" (a microphone button, or "transfer text" said into the box): the dictation box's text
 * into the application focused now, or — our own window having focus — the one text last went into.
 */
async function transferBox(service: DictationService): Promise<void> {
  const text = service.state().box.text;
  if (text.trim() !== '') await service.insertText(text);
}

/** Lets a dictation microphone's buttons drive the service, and starts looking for one. */
function attachMic(
  service: DictationService,
  settings: DictationSettingsStore,
  platform: DictationPlatform,
): void {
  const mic = new DictationMic({
    hid: platform.hid ?? null,
    settings: () => {
      const s = settings.get();
      return { recordMode: s.micRecordMode, buttons: { app: s.micButtons, box: s.micButtonsInBox } };
    },
    actions: {
      active: () => service.controller.active,
      place: () => service.fieldKeys.place,
      start: () => service.start(),
      stop: () => service.stop(),
      cancel: () => service.cancel(),
      // Shown in the box, the box's text as the clinician sees it (edited there, its defaults accepted).
      transfer: () => service.fieldKeys.transfer(() => transferBox(service)),
      // As the hotkeys: between the words said so far and the next ones (said on the overlay), or in the box.
      fieldButton: (kind) => service.fieldKeys.press(kind, 'mic'),
    },
    onStatus: () => service.publish(),
    ...(platform.onError ? { onError: platform.onError } : {}),
  });
  service.attachMic(mic);
  mic.start();
}
