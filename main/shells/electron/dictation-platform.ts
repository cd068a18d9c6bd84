/**
 * Dictation's platform parts in the Electron app: the uiohook key hook (gated on macOS Accessibility),
 * globalShortcut, the overlay window, the insertion engine over the OS desktop (copy-only where no desktop
 * layer opens), the settings and the encrypted history. Type-checked only: Electron does not run here;
 * every part it assembles is tested under Node.
 */
import { UiohookKeyHook } from '../../../native/key-hook.ts';
import { sharedSyntheticInput } from '../../../native/synthetic-input.ts';
import type { Desktop } from '../../../native/desktop.ts';
import type { AudioInputs } from '../../core/audio/ports.ts';
import type { Config, ConfigKey } from '../../core/config/config-schema.ts';
import type { SettingsStore } from '../../core/config/settings-store.ts';
import { ClipboardInserter } from '../../features/dictation/clipboard-inserter.ts';
import type { DictationPlatform } from '../../features/dictation/compose-dictation.ts';
import { DictationHistory } from '../../features/dictation/dictation-history.ts';
import { DictationSettingsStore } from '../../features/dictation/dictation-settings.ts';
import { EngineInserter } from '../../features/dictation/engine-inserter.ts';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import type { PreferenceStore } from '../../features/settings/ports.ts';
import { accessibilityState, mayStartKeyHook } from './accessibility.ts';
import { electronClipboard } from './electron-clipboard.ts';
import { electronShortcuts } from './electron-global-shortcuts.ts';
import { electronInsertionClipboard } from './electron-insertion-clipboard.ts';
import { createOverlayWindow } from './overlay-window.ts';

/** What the app's shell gives. */
export interface DictationPlatformOptions {
  readonly settings: SettingsStore;
  /** The live configuration: IT's policy may change while the app runs. */
  readonly resolved: () => { config: Config; locked: readonly ConfigKey[] };
  readonly secrets: SecretStore;
  readonly dataDir: string;
  readonly preloadPath: string;
  /** The OS desktop (native/open-desktop.ts), or null when it could not be opened. */
  readonly desktop: Desktop | null;
  readonly platform: NodeJS.Platform;
  readonly onError: (error: Error) => void;
}

/** Builds the platform parts once the app's audio, preferences and journals exist. */
export function electronDictationPlatform(
  options: DictationPlatformOptions,
): (app: { audio: AudioInputs; preferences: PreferenceStore }) => DictationPlatform {
  return ({ audio, preferences }) => {
    const { platform } = options;
    const settings = new DictationSettingsStore(options.settings, options.resolved, platform);
    let removeSource: (() => void) | null = null;
    const hook = new UiohookKeyHook({ mayStart: () => mayStartKeyHook(platform) });
    const desktop = options.desktop;
    const inserter = options.desktop
      ? new EngineInserter({
          desktop: options.desktop,
          clipboard: electronInsertionClipboard(platform),
          platform,
          mode: () => settings.get().insertMode,
          rules: () => settings.get().appRules,
          // Corrections go in place only while the person's typing can be seen.
          typingObserved: () => hook.running || desktop?.onForeignKey !== undefined,
          onInsertion: (insertion) => {
            removeSource?.();
            removeSource = insertion ? sharedSyntheticInput.addSource(() => insertion.sendingKeys) : null;
          },
        })
      : new ClipboardInserter((text) => electronClipboard(platform).writeText(text));
    return {
      hook,
      shortcuts: electronShortcuts(),
      inserter,
      overlay: createOverlayWindow(options.preloadPath),
      accessibility: () => accessibilityState(platform),
      settings,
      history: new DictationHistory({
        secrets: options.secrets,
        dataDir: options.dataDir,
        retentionHours: () => settings.get().historyHours,
      }),
      microphone: () => audio.open(preferences.get().clinicianDeviceId ?? ''),
      onError: options.onError,
    };
  };
}
