/** What the dictation service is built from (dictation-service.ts). */
import type { KeyHook } from '../../../native/key-hook.ts';
import type { SecureInputProbe } from '../../../native/secure-input.ts';
import type { DictationStateDto } from '../../../preload/contract/dto-dictation.ts';
import type { DictationControllerOptions } from './dictation-controller.ts';
import type { DictationHistory } from './dictation-history.ts';
import type { DictationRecovery } from './dictation-recovery.ts';
import type { DictationSettingsStore } from './dictation-settings.ts';
import type { ShortcutRegistrar } from './hotkey-driver.ts';
import type { DictationText, FieldNavigator } from './ports.ts';
import type { BoxButton } from '../../../preload/contract/index.ts';
import type { DictationMic } from './mic/dictation-mic.ts';
import type { ScheduledClear } from './insertion/copied-expiry.ts';
import type { FlagKind } from '../../../preload/contract/text-check-codes.ts';

/** Writes text to the clipboard, marked transient (the app's ClipboardPort). */
export interface DictationClipboard {
  writeText(text: string): Promise<{ transient: boolean }>;
}

/** Options of {@link DictationService}. */
export interface DictationServiceOptions extends Omit<
  DictationControllerOptions,
  'sink' | 'onActiveChange' | 'checks'
> {
  /** The kinds of check IT left on (policy `checks.*`), read at each dictation's start; absent: all. */
  readonly checkKinds?: () => readonly FlagKind[];
  /** The visit and patient on screen as a key: text dictated under another is not "earlier" to the checks. */
  readonly encounter?: () => string | null;
  readonly hook: KeyHook;
  readonly shortcuts: ShortcutRegistrar | null;
  readonly platform: NodeJS.Platform;
  /** macOS Accessibility: 'not-needed' elsewhere. Asked again whenever the state is read. */
  readonly accessibility: () => 'granted' | 'missing' | 'not-needed';
  readonly secureInput: SecureInputProbe;
  readonly settings: DictationSettingsStore;
  readonly history: DictationHistory;
  readonly clipboard: DictationClipboard;
  /** Clears what the box's Copy put on the clipboard at its time (dictationClipboardClearSeconds); absent: never. */
  readonly clearCopied?: (text: string) => ScheduledClear | null;
  /** Pushes the state to the window (the dictation:state event). */
  readonly onState?: (state: DictationStateDto) => void;
  /** Unfinished dictations (journals); none where nothing is journaled. */
  readonly recovery?: DictationRecovery;
  readonly onError?: (error: Error) => void;
  /** Template-field navigation in the focused field; `unreadable` everywhere when the shell has none. */
  readonly fields?: FieldNavigator;
  /** The shell offers the dictation box only (the browser preview): the window says so. */
  readonly boxOnly?: boolean;
  /** One of our own windows has the keyboard focus (the Electron shell); absent: never. */
  readonly ownWindowFocused?: () => boolean;
  /** A field key or microphone button is for the box the window shows (the `dictation:boxField` event). */
  readonly onBoxField?: (button: BoxButton) => void;
  /** The clinician's Texts ("insert ‹name›"), read at each dictation's start; absent: none. */
  readonly texts?: () => readonly DictationText[];
}

/** A dictation microphone as the service uses it (mic/dictation-mic.ts). */
export type AttachedMic = Pick<DictationMic, 'status' | 'setRecording' | 'dispose'>;
