/**
 * macOS Accessibility for dictation: the key hook (push-to-talk, hybrid) and typing into other apps need
 * it. uiohook-napi's start() aborts the process without it, so the hook asks `mayStartKeyHook` first,
 * every time. Elsewhere nothing is needed.
 */
import { systemPreferences } from 'electron';

/** The Accessibility state as Settings → Dictation shows it. */
export function accessibilityState(platform: NodeJS.Platform): 'granted' | 'missing' | 'not-needed' {
  if (platform !== 'darwin') return 'not-needed';
  // false: only ask, never prompt (the prompt is offered from Settings on purpose).
  return systemPreferences.isTrustedAccessibilityClient(false) ? 'granted' : 'missing';
}

/** True when the key hook may start (always, except macOS without Accessibility). */
export function mayStartKeyHook(platform: NodeJS.Platform): boolean {
  return accessibilityState(platform) !== 'missing';
}
