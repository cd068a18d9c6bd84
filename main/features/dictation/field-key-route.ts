/**
 * Where a "next field" / "previous field" hotkey press goes. The OS shortcut (Electron's globalShortcut)
 * takes the key before any window sees it, our own included: pressed while the clinician works in our
 * dictation box, it would otherwise move through the blanks of the OS's focused field (our own window)
 * instead of the box's. So:
 * - another application has the keyboard (or we cannot tell): that application's field, as always;
 * - our window has it and shows the dictation box, no dictation running: the box, by the same path as its
 *   Previous / Next field buttons — when the OS took the key. The key hook cannot take a key: the box had it
 *   too and its own key handling moved already, so the hook's press does nothing more;
 * - our window has it but the box is not there, or a dictation runs: the field, as before (while dictating,
 *   between the words said and the next ones).
 */

/** Where the press goes: the focused application's field, our dictation box, or nowhere (already done). */
export type FieldKeyRoute = 'field' | 'box' | 'none';

/** What decides it. */
export interface FieldKeyContext {
  /** The OS shortcut (the key taken from every window) or the key hook (the key reached the window too). */
  readonly via: 'shortcut' | 'hook';
  /** One of our own windows has the keyboard focus. */
  readonly ownWindowFocused: boolean;
  /** Our window shows the dictation box. */
  readonly boxShown: boolean;
  /** A dictation is running (or finishing). */
  readonly dictating: boolean;
}

/** Decides where a field-move hotkey goes. */
export function routeFieldKey(context: FieldKeyContext): FieldKeyRoute {
  if (!context.ownWindowFocused || !context.boxShown || context.dictating) return 'field';
  return context.via === 'shortcut' ? 'box' : 'none';
}
