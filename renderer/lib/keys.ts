/**
 * Key capture for Settings → Dictation: turns what a person presses into chord text ("Control+Super",
 * "Shift+F9") that main then checks. Pure, so it is unit-tested under Node.
 *
 * A chord is complete at the first non-modifier key-down, or — for modifier-only chords like Ctrl+Super —
 * when the first modifier is released while two or more were down. `code` is used rather than `key` so
 * the chord is the same under every keyboard layout (Shift+9 is "9", not "(").
 */

const MODIFIER_OF: Readonly<Record<string, string>> = {
  Control: 'Control',
  Alt: 'Alt',
  AltGraph: 'Alt',
  Shift: 'Shift',
  Meta: 'Super',
  OS: 'Super',
};
const ORDER = ['Control', 'Alt', 'Shift', 'Super'];

/** The part of a KeyboardEvent the capture needs. */
export interface KeyLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly metaKey: boolean;
}

/** The main key of a KeyboardEvent code, named as chords name keys; null for modifiers and unknown keys. */
export function mainKey(code: string): string | null {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit\d$/.test(code)) return code.slice(5);
  if (/^F([1-9]|1\d|2[0-4])$/.test(code)) return code;
  if (/^Numpad\d$/.test(code)) return code;
  const named: Record<string, string> = {
    Space: 'Space',
    Escape: 'Escape',
    Tab: 'Tab',
    Enter: 'Enter',
    Backspace: 'Backspace',
    Delete: 'Delete',
    Insert: 'Insert',
    Home: 'Home',
    End: 'End',
    PageUp: 'PageUp',
    PageDown: 'PageDown',
    ArrowUp: 'Up',
    ArrowDown: 'Down',
    ArrowLeft: 'Left',
    ArrowRight: 'Right',
    PrintScreen: 'PrintScreen',
    ScrollLock: 'ScrollLock',
    Pause: 'Pause',
  };
  return named[code] ?? null;
}

function modifiersOf(event: KeyLike): string[] {
  const held = new Set<string>();
  if (event.ctrlKey) held.add('Control');
  if (event.altKey) held.add('Alt');
  if (event.shiftKey) held.add('Shift');
  if (event.metaKey) held.add('Super');
  return ORDER.filter((m) => held.has(m));
}

/** Follows one capture: feed key-downs and key-ups; a chord comes out once complete. */
export class KeyCapture {
  #peak: string[] = [];

  /** A key-down: returns the chord when a main key completes it. */
  down(event: KeyLike): string | null {
    const modifier = MODIFIER_OF[event.key];
    const held = modifiersOf(event);
    if (modifier) {
      const now = held.includes(modifier) ? held : ORDER.filter((m) => m === modifier || held.includes(m));
      if (now.length > this.#peak.length) this.#peak = now;
      return null;
    }
    const key = mainKey(event.code);
    if (key === null) return null;
    this.#peak = [];
    return [...held, key].join('+');
  }

  /** A key-up: returns a modifier-only chord when two or more modifiers were down together. */
  up(event: KeyLike): string | null {
    if (!MODIFIER_OF[event.key]) return null;
    const peak = this.#peak;
    this.#peak = [];
    return peak.length >= 2 ? peak.join('+') : null;
  }

  reset(): void {
    this.#peak = [];
  }
}
