/**
 * The press/release logic of the dictation hotkeys, as a pure state machine: key events and shortcut
 * presses in, actions out, time passed in with every input (no timers, no I/O), so every sequence can be
 * unit-tested.
 *
 * - toggle: press to start, press to stop (globalShortcut, or the hook when globalShortcut cannot).
 * - push-to-talk: the hold chord starts on down and stops on release.
 * - hybrid: the hold chord starts on down; released within `tapMaxMs` it was a tap and dictation goes on
 *   until the next tap; held longer it was push-to-talk and the release stops.
 * - cancel: discards the current dictation.
 * - undo, next field, previous field: single presses (globalShortcut, or the hook where it cannot), never
 *   counted as the person typing (an undo hotkey must not itself end the last dictation's "ours").
 *
 * Hardware and OS quirks handled here: key bounce (a release followed by a press within `bounceMs` is
 * ignored), auto-repeat (a key-down for a key already down), the hold chord turning into another shortcut
 * (Ctrl+Super+Left shortly after Ctrl+Super: cancelled, it was not meant for us), and releases lost while
 * focus moved (modifier flags on the next event, or a main key's next press long after its last repeat).
 */
import { type Chord, MODIFIERS, type ModifierSnapshot } from '../../base/chords/chord.ts';
import {
  DEFAULT_TIMING,
  type HotkeyAction,
  type HotkeyBindings,
  type HotkeyInput,
  type HotkeyTiming,
  type PressCommand,
} from './hotkey-types.ts';

type Phase = 'idle' | 'toggled' | 'holding' | 'hybrid-pending';

/** The hotkey state machine. Feed it inputs in time order; `nextDeadline` says when to send a tick. */
export class HotkeyMachine {
  #bindings: HotkeyBindings;
  readonly #timing: HotkeyTiming;
  readonly #pressed = new Map<string, number>();
  #phase: Phase = 'idle';
  #holdDownAt = 0;
  #releaseAt: number | null = null;
  #lastToggleAt = Number.NEGATIVE_INFINITY;
  #held = false;
  #tapped = false;
  readonly #lastPressAt = new Map<PressCommand, number>();

  constructor(bindings: HotkeyBindings, timing: HotkeyTiming = DEFAULT_TIMING) {
    this.#bindings = bindings;
    this.#timing = timing;
  }

  /** True while a dictation the machine knows of runs. */
  get active(): boolean {
    return this.#phase !== 'idle';
  }

  /** When a tick is due (a release waiting out its bounce), or null. */
  get nextDeadline(): number | null {
    return this.#releaseAt;
  }

  /** New bindings (Settings or policy changed); keys already down stay down. */
  rebind(bindings: HotkeyBindings): void {
    this.#bindings = bindings;
  }

  /** Forgets every key believed down (the hook restarted, the screen locked). */
  resetKeys(): HotkeyAction[] {
    this.#pressed.clear();
    return this.#updateHeld();
  }

  /** Feeds one input; returns the actions to take, in order. */
  handle(input: HotkeyInput): HotkeyAction[] {
    const actions = this.#settle(input.time);
    switch (input.type) {
      case 'key-down':
        actions.push(
          ...this.#reconcile(input.key, input.time, input.modifiers),
          ...this.#down(input.key, input.time),
        );
        break;
      case 'key-up':
        actions.push(
          ...this.#reconcile(input.key, input.time, input.modifiers),
          ...this.#up(input.key, input.time),
        );
        break;
      case 'shortcut':
        actions.push(...this.#shortcut(input.action, input.time));
        break;
      case 'tick':
        break;
      case 'external':
        this.#phase = input.active ? 'toggled' : 'idle';
        this.#releaseAt = null;
        break;
      default: {
        const exhaustive: never = input;
        return exhaustive;
      }
    }
    return actions;
  }

  #shortcut(action: 'toggle' | 'cancel' | PressCommand, time: number): HotkeyAction[] {
    if (action === 'toggle') return this.#toggle(time);
    if (action === 'cancel') return this.#cancel();
    return this.#press(action, time, 'shortcut');
  }

  /** A single press; globalShortcut repeats while held and switches bounce: one press, one action. */
  #press(command: PressCommand, time: number, via: 'shortcut' | 'hook'): HotkeyAction[] {
    const last = this.#lastPressAt.get(command) ?? Number.NEGATIVE_INFINITY;
    if (time - last < this.#timing.toggleRefractoryMs) return [];
    this.#lastPressAt.set(command, time);
    return [{ type: 'press', command, via }];
  }

  /** Resolves a release whose bounce window has passed. */
  #settle(time: number): HotkeyAction[] {
    if (this.#releaseAt === null || time < this.#releaseAt) return [];
    this.#releaseAt = null;
    if (this.#phase === 'hybrid-pending' && this.#tapped) {
      this.#phase = 'toggled';
      return [];
    }
    if (this.#phase === 'holding' || this.#phase === 'hybrid-pending') {
      this.#phase = 'idle';
      return [{ type: 'stop' }];
    }
    return [];
  }

  /** Brings our idea of the held modifiers in line with what the OS says at this event. */
  #reconcile(eventKey: string, time: number, snapshot?: ModifierSnapshot): HotkeyAction[] {
    if (!snapshot) return [];
    const actions: HotkeyAction[] = [];
    for (const modifier of MODIFIERS) {
      if (modifier === eventKey) continue;
      if (this.#pressed.has(modifier) && !snapshot[modifier]) actions.push(...this.#up(modifier, time));
    }
    return actions;
  }

  #down(key: string, time: number): HotkeyAction[] {
    const last = this.#pressed.get(key);
    if (last !== undefined) {
      this.#pressed.set(key, time);
      // Auto-repeat keeps a held main key busy; a press after a long silence means its release was lost.
      if (time - last < this.#timing.repeatGapMs || isModifier(key)) return [];
      const actions = this.#up(key, last);
      actions.push(...this.#settle(time), ...this.#down(key, time));
      return actions;
    }
    this.#pressed.set(key, time);
    const actions = this.#updateHeld();
    const { hold, toggle, cancel, mode, toggleViaHook } = this.#bindings;
    if (this.active && this.#matches(cancel)) return [...actions, ...this.#cancel()];
    if (toggleViaHook && this.#matches(toggle)) return [...actions, ...this.#toggle(time)];
    if (mode !== 'toggle' && this.#matches(hold)) return [...actions, ...this.#holdDown(time)];
    const pressed = (this.#bindings.pressViaHook ?? []).find((c) => this.#matches(this.#pressChord(c)));
    if (pressed) return [...actions, ...this.#press(pressed, time, 'hook')];
    if (this.#partOfOurs(key)) return actions;
    // Also when idle: the last dictation is "ours" (for undo) only until the person types.
    if (!this.active) return [...actions, { type: 'typed' }];
    const chordHeld = this.#phase === 'holding' || this.#phase === 'hybrid-pending';
    if (chordHeld && this.#releaseAt === null && time - this.#holdDownAt < this.#timing.chordAbortMs) {
      // Ctrl+Super then Left a moment later: the person meant another shortcut, not dictation.
      this.#phase = 'idle';
      return [...actions, { type: 'cancel' }];
    }
    return [...actions, { type: 'typed' }];
  }

  #holdDown(time: number): HotkeyAction[] {
    if (this.#releaseAt !== null) {
      // Re-pressed within the bounce window: the release never happened.
      this.#releaseAt = null;
      return [];
    }
    if (this.#phase === 'toggled') {
      this.#phase = 'idle';
      return [{ type: 'stop' }];
    }
    if (this.#phase !== 'idle') return [];
    this.#phase = this.#bindings.mode === 'hybrid' ? 'hybrid-pending' : 'holding';
    this.#holdDownAt = time;
    return [{ type: 'start', trigger: 'hold' }];
  }

  #up(key: string, time: number): HotkeyAction[] {
    if (!this.#pressed.delete(key)) return [];
    const actions = this.#updateHeld();
    const holding = this.#phase === 'holding' || this.#phase === 'hybrid-pending';
    if (holding && this.#releaseAt === null && this.#chordKeys(this.#bindings.hold).includes(key)) {
      this.#releaseAt = time + this.#timing.bounceMs;
      this.#tapped = time - this.#holdDownAt < this.#timing.tapMaxMs;
    }
    return actions;
  }

  #toggle(time: number): HotkeyAction[] {
    // globalShortcut repeats while a key is held, and switches bounce: one press, one toggle.
    if (time - this.#lastToggleAt < this.#timing.toggleRefractoryMs) return [];
    this.#lastToggleAt = time;
    this.#releaseAt = null;
    if (this.active) {
      this.#phase = 'idle';
      return [{ type: 'stop' }];
    }
    this.#phase = 'toggled';
    return [{ type: 'start', trigger: 'toggle' }];
  }

  #cancel(): HotkeyAction[] {
    if (!this.active) return [];
    this.#phase = 'idle';
    this.#releaseAt = null;
    return [{ type: 'cancel' }];
  }

  #updateHeld(): HotkeyAction[] {
    const held =
      this.#bindings.mode !== 'toggle' &&
      this.#chordKeys(this.#bindings.hold).some((k) => this.#pressed.has(k));
    if (held === this.#held) return [];
    this.#held = held;
    return [{ type: 'hold', held }];
  }

  /** True when exactly the chord's keys are down. */
  #matches(chord: Chord): boolean {
    const keys = this.#chordKeys(chord);
    return keys.length === this.#pressed.size && keys.every((k) => this.#pressed.has(k));
  }

  #partOfOurs(key: string): boolean {
    const { hold, toggle, cancel, press = {} } = this.#bindings;
    return [hold, toggle, cancel, ...Object.values(press)].some((chord) =>
      this.#chordKeys(chord).includes(key),
    );
  }

  #pressChord(command: PressCommand): Chord {
    return this.#bindings.press?.[command] ?? { modifiers: [], key: null };
  }

  #chordKeys(chord: Chord): string[] {
    return chord.key === null ? [...chord.modifiers] : [...chord.modifiers, chord.key];
  }
}

function isModifier(key: string): boolean {
  return (MODIFIERS as readonly string[]).includes(key);
}
