/**
 * Hotkeys by their names: the closed names a chord is made of (so a refused key crosses IPC as names from
 * these lists, never as what was typed) and why a key was refused. The words of a refusal are in
 * preload/words. Zod-free, like enums.ts, so the renderer can import it; the schemas are in dto-dictation.ts.
 */
import type { HotkeyName, ReservedKeyUse } from './failure-reasons.ts';

/** Modifiers, in the order a chord is written. */
export const CHORD_MODIFIERS = ['Control', 'Alt', 'Shift', 'Super'] as const;
export type ChordModifier = (typeof CHORD_MODIFIERS)[number];

const NAMED_KEYS = [
  'Space',
  'Escape',
  'Tab',
  'Enter',
  'Backspace',
  'Delete',
  'Insert',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Up',
  'Down',
  'Left',
  'Right',
  'PrintScreen',
  'ScrollLock',
  'Pause',
] as const;

const range = (count: number, name: (i: number) => string): string[] =>
  Array.from({ length: count }, (_, i) => name(i));

/** Every main key a chord may use: F1–F24, letters, digits, numpad digits and the named keys. */
export const CHORD_KEYS: readonly string[] = [
  ...range(24, (i) => `F${i + 1}`),
  ...range(26, (i) => String.fromCharCode(65 + i)),
  ...range(10, (i) => String(i)),
  ...range(10, (i) => `Numpad${i}`),
  ...NAMED_KEYS,
];

/** A chord by its names: modifiers and at most one main key, each from the lists above. */
export interface ChordNames {
  readonly modifiers: readonly ChordModifier[];
  readonly key: string | null;
}

/** Why a key cannot be a hotkey (each a reason of `dictation_setting_refused`, failure-reasons.ts). */
export const KEY_REASONS = [
  'key_refused',
  'key_unreadable',
  'key_empty',
  'key_two_keys',
  'key_modifiers_only',
  'key_reserved',
  'key_types_text',
  'key_bare',
  'key_duplicate',
] as const;
export type KeyReason = (typeof KEY_REASONS)[number];

/** A refused key: why, what it is kept for or which hotkey has it, and the chord by its names. */
export interface KeyRefusal {
  readonly reason: KeyReason;
  readonly use?: ReservedKeyUse;
  readonly other?: HotkeyName;
  /** Absent when what was typed is not a chord (its text never crosses). */
  readonly chord?: ChordNames;
}

/** The chord's normal text ("Control+Shift+F9"). */
export function chordText(chord: ChordNames): string {
  return [...chord.modifiers, ...(chord.key === null ? [] : [chord.key])].join('+');
}
