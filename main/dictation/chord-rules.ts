/**
 * Which chords a hotkey may not use, and why; and alternatives to offer when a chord is refused or another
 * application holds it.
 */
import { type Chord, describeChord, formatChord, parseChord, sameChord } from './chord.ts';
import { OFFERED_KEYS } from '../../preload/contract/index.ts';

/** How a chord would be registered: globalShortcut swallows the key, the key hook cannot. */
export type ChordUse = 'shortcut' | 'hook';

/** Why a chord is refused (closed set, mapped to words in {@link chordRefusalMessage}). */
export type ChordRefusal =
  | { code: 'reserved'; what: string }
  | { code: 'types_text' }
  | { code: 'bare_key' }
  | { code: 'duplicate'; other: string };

interface Reserved {
  chord: string;
  what: string;
  platforms?: readonly NodeJS.Platform[];
}

// Chords the OS or every editor gives a meaning a clinician relies on. "Super" is Cmd on macOS.
const RESERVED: readonly Reserved[] = [
  ...['Control', 'Super'].flatMap((mod) => [
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
    if (sameChord(chord, parseChord(reserved.chord))) return { code: 'reserved', what: reserved.what };
  }
  const typing =
    chord.key !== null && !/^F\d+$/.test(chord.key) && !/^(Pause|ScrollLock|Insert)$/.test(chord.key);
  const onlyShift = chord.modifiers.every((m) => m === 'Shift');
  // The hook sees the key but cannot keep it from the focused app: a letter would be typed there.
  if (use === 'hook' && typing && onlyShift) return { code: 'types_text' };
  // globalShortcut swallows it, but a bare letter or digit would make that key unusable everywhere.
  if (use === 'shortcut' && typing && onlyShift) return { code: 'bare_key' };
  return null;
}

/** Refuses a chord that another of our hotkeys already uses. */
export function refuseDuplicate(chord: Chord, others: Readonly<Record<string, Chord>>): ChordRefusal | null {
  for (const [name, other] of Object.entries(others)) {
    if (sameChord(chord, other)) return { code: 'duplicate', other: name };
  }
  return null;
}

/** The sentence a person reads for a refusal. */
export function chordRefusalMessage(chord: Chord, refusal: ChordRefusal, platform: NodeJS.Platform): string {
  const keys = describeChord(chord, platform);
  switch (refusal.code) {
    case 'reserved':
      return `${keys} is kept for ${refusal.what}; choose another key.`;
    case 'types_text':
      return `${keys} would also type in the application you dictate into; choose a function key or add Ctrl, Alt or ${platform === 'darwin' ? 'Command' : 'Super'}.`;
    case 'bare_key':
      return `${keys} alone would stop that key working in every application; add Ctrl or Alt, or choose a function key.`;
    case 'duplicate':
      return `${keys} is already the ${refusal.other} hotkey.`;
    default: {
      const exhaustive: never = refusal;
      return exhaustive;
    }
  }
}

const ALTERNATIVES = OFFERED_KEYS;

/** Up to three chords to offer instead, excluding those refused and those in use or known to be taken. */
export function alternativeChords(
  use: ChordUse,
  platform: NodeJS.Platform,
  unavailable: readonly Chord[],
): string[] {
  const offered: string[] = [];
  for (const text of ALTERNATIVES) {
    const chord = parseChord(text);
    if (refuseChord(chord, use, platform) !== null) continue;
    if (unavailable.some((taken) => sameChord(taken, chord))) continue;
    offered.push(formatChord(chord));
    if (offered.length === 3) break;
  }
  return offered;
}
