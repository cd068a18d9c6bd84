/**
 * Builds the dictation capability for the composition root from its platform ports (key hook, shortcuts,
 * inserter, overlay, Accessibility, Secure Input: Electron adapters in the app, fakes in tests) and the
 * app's own parts (the connection, the visit's use of the microphone, the journal folder, the clipboard).
 */
import type { KeyHook } from '../../../native/key-hook.ts';
import { noSecureInput, type SecureInputProbe } from '../../../native/secure-input.ts';
import type { AudioSource } from '../../core/audio/audio-source.ts';
import type { DictationLocale } from '../../core/api/schemas/common.ts';
import type { JournalStore } from '../../core/journal/journal-store.ts';
import type { DictationStateDto } from '../../../preload/contract/index.ts';
import { journaledDictation, SharedMicrophoneLock, type DictationConnection } from './dictation-kit.ts';
import type { DictationHistory } from './dictation-history.ts';
import { DictationRecovery } from './dictation-recovery.ts';
import { DictationService, type DictationClipboard } from './dictation-service.ts';
import type { DictationSettingsStore } from './dictation-settings.ts';
import type { ShortcutRegistrar } from './hotkey-driver.ts';
import type { Inserter, OverlayPort } from './ports.ts';
import { WarmMicrophone } from './warm-microphone.ts';

/** What the shell provides for dictation. */
export interface DictationPlatform {
  readonly hook: KeyHook;
  readonly shortcuts: ShortcutRegistrar | null;
  readonly inserter: Inserter;
  readonly overlay: OverlayPort;
  readonly accessibility: () => 'granted' | 'missing' | 'not-needed';
  readonly secureInput?: SecureInputProbe;
  readonly settings: DictationSettingsStore;
  readonly history: DictationHistory;
  /** Opens the clinician's chosen microphone. */
  readonly microphone: () => AudioSource;
  readonly onError?: (error: Error) => void;
}

/** What the rest of the app gives dictation. */
export interface DictationAppParts {
  /** The signed-in connection's streaming credentials; throws when not connected. */
  readonly connection: () => DictationConnection;
  /** True while a visit records or has its inputs armed: dictation must not open the microphone. */
  readonly visitUsesMicrophone: () => boolean;
  readonly journals: JournalStore | null;
  readonly clipboard: DictationClipboard;
  readonly platform: NodeJS.Platform;
  readonly onState: (state: DictationStateDto) => void;
}

/** The dictation service, hotkeys registered. */
export function composeDictation(platform: DictationPlatform, app: DictationAppParts): DictationService {
  const { settings } = platform;
  const service = new DictationService({
    hook: platform.hook,
    shortcuts: platform.shortcuts,
    platform: app.platform,
    accessibility: platform.accessibility,
    secureInput: platform.secureInput ?? noSecureInput,
    settings,
    history: platform.history,
    clipboard: app.clipboard,
    open: journaledDictation({
      connection: app.connection,
      journals: app.journals,
      locale: () => settings.get().locale as DictationLocale,
    }),
    microphone: new WarmMicrophone({ open: platform.microphone, allowed: () => !app.visitUsesMicrophone() }),
    lock: new SharedMicrophoneLock(app.visitUsesMicrophone),
    inserter: platform.inserter,
    overlay: platform.overlay,
    onState: app.onState,
    ...(app.journals ? { recovery: new DictationRecovery(app.journals, app.connection) } : {}),
    ...(platform.onError ? { onError: platform.onError } : {}),
  });
  service.applyHotkeys();
  void platform.history.load().catch(() => undefined);
  void service.refreshRecoverable();
  return service;
}
