/**
 * Where a field key or button goes — "next field", "previous field", a microphone's "accept defaults" — and
 * which of the microphone's two maps applies. The OS shortcut (Electron's globalShortcut) takes the key
 * before any window sees it, our own included, and a dictation microphone's button reaches no window at all:
 * pressed while the clinician works in our dictation box, either would otherwise act on the OS's focused
 * field (our own window) instead of the box. So:
 * - another application has the keyboard (or we cannot tell): that application's field, as always;
 * - our window has it and shows the dictation box, no dictation running: the box, by the same path as its
 *   Previous / Next field buttons — when the OS took the key or a microphone button was pressed. The key
 *   hook cannot take a key: the box had it too and its own key handling moved already, so the hook's press
 *   does nothing more;
 * - our window has it but the box is not there, or a dictation runs: the field, as before (while dictating,
 *   between the words said and the next ones; a dictation into the box has its own text as its field:
 *   dictation-stream.ts).
 */
import type { MicPlace } from '../../../preload/contract/index.ts';

/** Where the press goes: the focused application's field, our dictation box, or nowhere (already done). */
export type FieldKeyRoute = 'field' | 'box' | 'none';

/** Where the keyboard is, as the field keys and the microphone's maps see it. */
export interface FocusPlace {
  /** One of our own windows has the keyboard focus. */
  readonly ownWindowFocused: boolean;
  /** Our window shows the dictation box. */
  readonly boxShown: boolean;
}

/** What decides it. */
export interface FieldKeyContext extends FocusPlace {
  /** The OS shortcut (taken from every window), the key hook (it reached the window too), a microphone. */
  readonly via: 'shortcut' | 'hook' | 'mic';
  /** A dictation is running (or finishing). */
  readonly dictating: boolean;
}

/** The dictation box when our window has the keyboard and shows it; else another application. */
export function placeOf(focus: FocusPlace): MicPlace {
  return focus.ownWindowFocused && focus.boxShown ? 'box' : 'app';
}

/** Decides where a field key or button goes. */
export function routeFieldKey(context: FieldKeyContext): FieldKeyRoute {
  if (placeOf(context) === 'app' || context.dictating) return 'field';
  return context.via === 'hook' ? 'none' : 'box';
}
