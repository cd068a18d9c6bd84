/**
 * Hotkey chords: parsing, normal form, Electron accelerators, and which chords are refused.
 *
 * A chord is zero or more modifiers plus at most one main key ("F9", "Control+Super", "Shift+F9"). The
 * key hook cannot swallow keys, so a chord used through the hook must type nothing in other apps; the
 * reserved list keeps chords that every clinician relies on (copy, paste, undo, app switch, screenshot)
 * out of reach whichever way they would be registered.
 *
 * A shared layer below the rooms: IT's policy (config/dictation-keys.ts) and dictation (its settings, the
 * hotkey driver) check chords with the same rules.
 */

import {
  CHORD_KEYS,
  CHORD_MODIFIERS,
  type ChordModifier,
  type KeyReason,
} from '../../../preload/contract/index.ts';

/** Modifiers, in the order a chord is written. */
export const MODIFIERS = CHORD_MODIFIERS;
/** One modifier key (left and right are the same modifier). */
type Modifier = ChordModifier;

/** Which modifiers the OS says are down at an event (uiohook sends them with every key event). */
export type ModifierSnapshot = Readonly<Record<Modifier, boolean>>;

/** A parsed chord in normal form. */
export interface Chord {
  readonly modifiers: readonly Modifier[];
  /** The main key ("F9", "D", "Space"), or null for a modifier-only chord. */
  readonly key: string | null;
}

const MODIFIER_ALIASES: Readonly<Record<string, Modifier>> = {
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
  win: 'Super',
  cmd: 'Super',
  command: 'Super',
};

/** Why a chord text could not be parsed: a reason of the contract (preload/contract/chords.ts), never the text. */
export class ChordError extends Error {
  override readonly name = 'ChordError';
  readonly reason: Extract<KeyReason, 'key_empty' | 'key_unreadable' | 'key_two_keys' | 'key_modifiers_only'>;
  constructor(reason: ChordError['reason']) {
    super(reason);
    this.reason = reason;
  }
}

/** Parses "ctrl+shift+f9" into its normal form; throws ChordError with a readable reason. */
export function parseChord(text: string): Chord {
  const parts = text
    .split('+')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) throw new ChordError('key_empty');
  const modifiers = new Set<Modifier>();
  let key: string | null = null;
  for (const part of parts) {
    const modifier = MODIFIER_ALIASES[part.toLowerCase()];
    if (modifier) {
      modifiers.add(modifier);
      continue;
    }
    const name = normalKeyName(part);
    if (!CHORD_KEYS.includes(name)) throw new ChordError('key_unreadable');
    if (key !== null) throw new ChordError('key_two_keys');
    key = name;
  }
  if (key === null && modifiers.size < 2) {
    throw new ChordError('key_modifiers_only');
  }
  return { modifiers: MODIFIERS.filter((m) => modifiers.has(m)), key };
}

function normalKeyName(part: string): string {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (/^f\d{1,2}$/i.test(part)) return part.toUpperCase();
  const lower = part.toLowerCase();
  const named = CHORD_KEYS.find((k) => k.toLowerCase() === lower);
  if (named) return named;
  if (/^numpad\d$/i.test(part)) return `Numpad${part.slice(-1)}`;
  const aliases: Record<string, string> = { esc: 'Escape', return: 'Enter', space: 'Space', del: 'Delete' };
  return aliases[lower] ?? part;
}

/** The chord's normal text: "Control+Shift+F9". */
export function formatChord(chord: Chord): string {
  return [...chord.modifiers, ...(chord.key === null ? [] : [chord.key])].join('+');
}

/** How the chord reads to a person on this platform ("Ctrl+Win+…", "⌃⌘…" written out). */
export function describeChord(chord: Chord, platform: NodeJS.Platform): string {
  const names: Record<Modifier, string> =
    platform === 'darwin'
      ? { Control: 'Control', Alt: 'Option', Shift: 'Shift', Super: 'Command' }
      : { Control: 'Ctrl', Alt: 'Alt', Shift: 'Shift', Super: platform === 'win32' ? 'Win' : 'Super' };
  return [...chord.modifiers.map((m) => names[m]), ...(chord.key === null ? [] : [chord.key])].join('+');
}

/** The Electron accelerator for globalShortcut, or null for a modifier-only chord (globalShortcut cannot). */
export function toAccelerator(chord: Chord): string | null {
  if (chord.key === null) return null;
  const key = /^Numpad\d$/.test(chord.key) ? `num${chord.key.slice(-1)}` : chord.key;
  return [...chord.modifiers, key].join('+');
}

/** True when two chords are the same keys. */
export function sameChord(a: Chord, b: Chord): boolean {
  return formatChord(a) === formatChord(b);
}
