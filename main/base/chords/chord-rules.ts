/**
 * Which chords a hotkey may not use, and why; and alternatives to offer when a chord is refused or another
 * application holds it.
 */
import { type Chord, parseChord, sameChord } from './chord.ts';
import {
  OFFERED_KEYS,
  type HotkeyName,
  type OfferedKey,
  type ReservedKeyUse,
} from '../../../preload/contract/index.ts';

/** How a chord would be registered: globalShortcut swallows the key, the key hook cannot. */
export type ChordUse = 'shortcut' | 'hook';

/** Why a chord is refused: a reason of the contract (preload/contract/chords.ts) with its closed params. */
export type ChordRefusal =
  | { reason: 'key_reserved'; use: ReservedKeyUse }
  | { reason: 'key_types_text' }
  | { reason: 'key_bare' }
  | { reason: 'key_duplicate'; other: HotkeyName };

interface Reserved {
  chord: string;
  what: ReservedKeyUse;
  platforms?: readonly NodeJS.Platform[];
}

// Chords the OS or every editor gives a meaning a clinician relies on. "Super" is Cmd on macOS.
const RESERVED: readonly Reserved[] = [
  ...['Control', 'Super'].flatMap((mod): Reserved[] => [
    { chord: `${mod}+C`, what: 'copy' },
    { chord: `${mod}+V`, what: 'paste' },
    { chord: `${mod}+X`, what: 'cut' },
    { chord: `${mod}+Z`, what: 'undo' },
    { chord: `${mod}+Y`, what: 'redo' },
    { chord: `${mod}+Shift+Z`, what: 'redo' },
    { chord: `${mod}+A`, what: 'select all' },
    { chord: `${mod}+S`, what: 'save' },
    { chord: `${mod}+P`, what: 'print' },
    { chord: `${mod}+F`, what: 'find' },
    { chord: `${mod}+W`, what: 'close the window or tab' },
    { chord: `${mod}+Q`, what: 'quit' },
    { chord: `${mod}+Shift+V`, what: 'paste in terminals' },
  ]),
  { chord: 'Alt+Tab', what: 'switching applications' },
  { chord: 'Alt+Shift+Tab', what: 'switching applications' },
  { chord: 'Super+Tab', what: 'switching applications' },
  { chord: 'Alt+F4', what: 'closing the window' },
  { chord: 'Control+Alt+Delete', what: 'the security screen' },
  { chord: 'Control+Shift+Escape', what: 'the task manager' },
  { chord: 'Super+L', what: 'locking the screen', platforms: ['win32', 'linux'] },
  { chord: 'Control+Super+Q', what: 'locking the screen', platforms: ['darwin'] },
  { chord: 'Super+Space', what: 'Spotlight search', platforms: ['darwin'] },
  { chord: 'Control+Space', what: 'switching input language' },
  { chord: 'Super+Shift+S', what: 'screenshots', platforms: ['win32'] },
  { chord: 'PrintScreen', what: 'screenshots' },
  { chord: 'Alt+PrintScreen', what: 'screenshots' },
  { chord: 'Super+Shift+3', what: 'screenshots', platforms: ['darwin'] },
  { chord: 'Super+Shift+4', what: 'screenshots', platforms: ['darwin'] },
  { chord: 'Super+Shift+5', what: 'screenshots', platforms: ['darwin'] },
  { chord: 'Super+H', what: 'Windows voice typing', platforms: ['win32'] },
  { chord: 'Control+Alt+Backspace', what: 'restarting the display server', platforms: ['linux'] },
  { chord: 'Escape', what: 'closing dialogs' },
  { chord: 'Tab', what: 'moving between fields' },
  { chord: 'Enter', what: 'confirming' },
  { chord: 'Space', what: 'typing a space' },
  { chord: 'Backspace', what: 'deleting text' },
  { chord: 'Delete', what: 'deleting text' },
];

/** Checks a chord for one use on one platform; null when it may be used. */
export function refuseChord(chord: Chord, use: ChordUse, platform: NodeJS.Platform): ChordRefusal | null {
  for (const reserved of RESERVED) {
    if (reserved.platforms && !reserved.platforms.includes(platform)) continue;
    if (sameChord(chord, parseChord(reserved.chord))) return { reason: 'key_reserved', use: reserved.what };
  }
  const typing =
    chord.key !== null && !/^F\d+$/.test(chord.key) && !/^(Pause|ScrollLock|Insert)$/.test(chord.key);
  const onlyShift = chord.modifiers.every((m) => m === 'Shift');
  // The hook sees the key but cannot keep it from the focused app: a letter would be typed there.
  if (use === 'hook' && typing && onlyShift) return { reason: 'key_types_text' };
  // globalShortcut swallows it, but a bare letter or digit would make that key unusable everywhere.
  if (use === 'shortcut' && typing && onlyShift) return { reason: 'key_bare' };
  return null;
}

/** Refuses a chord that another of our hotkeys already uses. */
export function refuseDuplicate(
  chord: Chord,
  others: Readonly<Partial<Record<HotkeyName, Chord>>>,
): ChordRefusal | null {
  for (const [name, other] of Object.entries(others) as [HotkeyName, Chord][]) {
    if (sameChord(chord, other)) return { reason: 'key_duplicate', other: name };
  }
  return null;
}

/** Up to three chords to offer instead, excluding those refused and those in use or known to be taken. */
export function alternativeChords(
  use: ChordUse,
  platform: NodeJS.Platform,
  unavailable: readonly Chord[],
): OfferedKey[] {
  const offered: OfferedKey[] = [];
  for (const text of OFFERED_KEYS) {
    const chord = parseChord(text);
    if (refuseChord(chord, use, platform) !== null) continue;
    if (unavailable.some((taken) => sameChord(taken, chord))) continue;
    offered.push(text); // each is written in normal form
    if (offered.length === 3) break;
  }
  return offered;
}
