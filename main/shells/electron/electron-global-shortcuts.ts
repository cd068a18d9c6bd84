/**
 * The dictation's ShortcutRegistrar over Electron's globalShortcut (toggle and cancel: key-down only, the
 * OS swallows the key). `register` returns false when another application holds the chord — Electron says
 * nothing more — and an accelerator Electron cannot parse counts as not registered, never as a crash.
 */
import { globalShortcut } from 'electron';
import type { ShortcutRegistrar } from '../../features/dictation/dictation-feature.ts';

/** globalShortcut as a ShortcutRegistrar. */
export function electronShortcuts(): ShortcutRegistrar {
  return {
    register(accelerator, onPress) {
      try {
        return globalShortcut.register(accelerator, () => {
          try {
            onPress();
          } catch {
            // The driver reports its own failures; nothing may escape into Electron's callback.
          }
        });
      } catch {
        return false;
      }
    },
    unregister(accelerator) {
      try {
        globalShortcut.unregister(accelerator);
      } catch {
        // Unregistering what never registered is not a failure.
      }
    },
  };
}
