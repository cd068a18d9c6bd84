/**
 * Dictation's platform parts in the Electron app: the uiohook key hook (gated on macOS Accessibility),
 * globalShortcut, the overlay window and the insertion engine over the OS desktop (copy-only where no desktop
 * layer opens). The dictation settings, history and microphone are the app's (compose-dictation.ts).
 * Type-checked only: Electron does not run here; every part it assembles is tested under Node.
 */
import { BrowserWindow } from 'electron';
import { UiohookKeyHook } from '../../../native/key-hook.ts';
import { sharedSyntheticInput } from '../../../native/synthetic-input.ts';
import { loadNodeHid } from '../../../native/hid.ts';
import type { Desktop } from '../../../native/desktop.ts';
import type { DictationPlatformFactory } from '../../features/dictation/dictation-feature.ts';
import { accessibilityState, mayStartKeyHook } from './accessibility.ts';
import { electronClipboard } from './electron-clipboard.ts';
import { electronShortcuts } from './electron-global-shortcuts.ts';
import { electronInsertionClipboard } from './electron-insertion-clipboard.ts';
import { createOverlayWindow } from './overlay-window.ts';

/** What the app's shell gives. */
export interface DictationPlatformOptions {
  readonly preloadPath: string;
  /** The OS desktop (native/open-desktop.ts), or null when it could not be opened. */
  readonly desktop: Desktop | null;
  readonly platform: NodeJS.Platform;
  readonly onError: (error: Error) => void;
}

/** Builds the platform parts once the app's dictation settings exist. */
export function electronDictationPlatform(options: DictationPlatformOptions): DictationPlatformFactory {
  return ({ settings, kit }) => {
    const { platform } = options;
    let removeSource: (() => void) | null = null;
    const hook = new UiohookKeyHook({ mayStart: () => mayStartKeyHook(platform) });
    const desktop = options.desktop;
    const clipboard = electronInsertionClipboard(platform);
    // Copied dictation text (a copy fallback, the box's Copy) leaves the clipboard at the clinician's time.
    const clearCopied = kit.clearAfterSeconds(clipboard, () => settings.get().clipboardClearSeconds);
    const inserter = options.desktop
      ? kit.engineInserter({
          desktop: options.desktop,
          clipboard,
          platform,
          mode: () => settings.get().insertMode,
          rules: () => settings.get().appRules,
          clearCopiedAfterSec: () => settings.get().clipboardClearSeconds,
          // Corrections go in place only while the person's typing can be seen.
          typingObserved: () => hook.running || desktop?.onForeignKey !== undefined,
          onInsertion: (insertion) => {
            removeSource?.();
            removeSource = insertion ? sharedSyntheticInput.addSource(() => insertion.sendingKeys) : null;
          },
        })
      : kit.clipboardInserter((text) => electronClipboard(platform).writeText(text), clearCopied);
    return {
      hook,
      shortcuts: electronShortcuts(),
      inserter,
      overlay: createOverlayWindow(options.preloadPath),
      accessibility: () => accessibilityState(platform),
      onError: options.onError,
      ...(desktop ? { fields: kit.fieldNavigator(desktop, () => settings.get().fieldMarkers) } : {}),
      // PowerMic, SpeechMike and foot pedals; null (Settings says so) where node-hid's binary did not load.
      hid: loadNodeHid().backend,
      // The overlay never takes focus: a focused window of ours is the main window (the box's, maybe).
      ownWindowFocused: () => BrowserWindow.getFocusedWindow() !== null,
      clearCopied,
    };
  };
}
