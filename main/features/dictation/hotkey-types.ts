/**
 * The words of the hotkey state machine (hotkey-machine.ts): the chords it listens for, its timing rules,
 * what it is told and what it asks for. Kept apart from the machine so the driver, the service and the tests
 * can name them without the machine's logic.
 */
import type { Chord, ModifierSnapshot } from '../../base/chords/chord.ts';
import type { PressHotkey } from '../../../preload/contract/dictation-codes.ts';

/** How the hold chord behaves. */
export type HotkeyMode = 'toggle' | 'push-to-talk' | 'hybrid';

/** Single-press hotkeys beside start/stop: undo last dictation and template-field moves. */
export type PressCommand = PressHotkey;

/** The chords the machine listens for. */
export interface HotkeyBindings {
  readonly mode: HotkeyMode;
  readonly toggle: Chord;
  readonly hold: Chord;
  readonly cancel: Chord;
  /** True when the toggle chord comes through the hook (globalShortcut could not register it). */
  readonly toggleViaHook: boolean;
  /** The single-press hotkeys' chords (none in tests of start/stop only). */
  readonly press?: Readonly<Partial<Record<PressCommand, Chord>>>;
  /** Those whose chord comes through the hook (globalShortcut could not register it). */
  readonly pressViaHook?: readonly PressCommand[];
}

/** Timing rules, in ms. */
export interface HotkeyTiming {
  readonly bounceMs: number;
  readonly tapMaxMs: number;
  readonly chordAbortMs: number;
  readonly toggleRefractoryMs: number;
  readonly repeatGapMs: number;
}

/** Defaults: bounce under 40 ms, a tap is under 350 ms, repeats come at least every second. */
export const DEFAULT_TIMING: HotkeyTiming = {
  bounceMs: 40,
  tapMaxMs: 350,
  chordAbortMs: 300,
  toggleRefractoryMs: 300,
  repeatGapMs: 1000,
};

/** What the machine is told. */
export type HotkeyInput =
  | { type: 'key-down' | 'key-up'; key: string; time: number; modifiers?: ModifierSnapshot }
  | { type: 'shortcut'; action: 'toggle' | 'cancel' | PressCommand; time: number }
  | { type: 'tick'; time: number }
  /** Dictation started or ended by other means (the on-screen button, a failure). */
  | { type: 'external'; active: boolean; time: number };

/** What the machine asks for. */
export type HotkeyAction =
  | { type: 'start'; trigger: 'toggle' | 'hold' }
  | { type: 'stop' }
  | { type: 'cancel' }
  /** A key of the hold chord is down (true) or none is any longer (false): insertion waits meanwhile. */
  | { type: 'hold'; held: boolean }
  /** The person pressed a key that is none of ours (they typed): while dictating, finishing, or after. */
  | { type: 'typed' }
  /**
   * A single-press hotkey: undo last dictation, next or previous template field; `via` the OS (globalShortcut
   * swallowed the key) or the key hook (the key also reached the focused window).
   */
  | { type: 'press'; command: PressCommand; via: 'shortcut' | 'hook' };
