/**
 * Runs the hotkey state machine on real inputs: the key hook (key-down/up, every application), the
 * globalShortcut registrar (toggle and cancel, key-down only, swallowed by the OS), and a timer for the
 * machine's deadlines. Says what works: the hook blocked (macOS Accessibility) or a chord another
 * application holds, with alternatives.
 */
import type { KeyEvent, KeyHook, KeyHookBlock } from '../../../native/key-hook.ts';
import { type Chord, toAccelerator } from '../../base/chords/chord.ts';
import { alternativeChords } from '../../base/chords/chord-rules.ts';
import { HotkeyMachine } from './hotkey-machine.ts';
import {
  DEFAULT_TIMING,
  type HotkeyAction,
  type HotkeyBindings,
  type HotkeyInput,
  type HotkeyMode,
  type PressCommand,
  type HotkeyTiming,
} from './hotkey-types.ts';

/** Port over Electron's globalShortcut (main/shells/electron/electron-global-shortcuts.ts). */
export interface ShortcutRegistrar {
  /** False when another application holds the chord (globalShortcut says nothing more). */
  register(accelerator: string, onPress: () => void): boolean;
  unregister(accelerator: string): void;
}

/** The hotkeys as chosen (Settings or policy), already parsed. */
export interface HotkeyChoice {
  readonly mode: HotkeyMode;
  readonly toggle: Chord;
  readonly hold: Chord;
  readonly cancel: Chord;
  /** Undo last dictation, next / previous template field (absent: not offered, as in older tests). */
  readonly undo?: Chord;
  readonly nextField?: Chord;
  readonly previousField?: Chord;
}

/** What works now, for Settings and the overlay. */
export interface HotkeyStatus {
  /** The hook: running, blocked (with why), or not started. */
  readonly hook: 'running' | KeyHookBlock | 'stopped';
  /** The toggle chord: through globalShortcut, through the hook (fallback), or not at all. */
  readonly toggle: 'shortcut' | 'hook' | 'none';
  /** Set when another application holds the toggle chord. */
  readonly toggleTaken: boolean;
  /** Chords to offer instead when the toggle chord is taken. */
  readonly alternatives: readonly string[];
  /** True when push-to-talk/hybrid cannot work (they need the hook). */
  readonly holdUnavailable: boolean;
  /** Single-press hotkeys (undo, field moves) that work neither through the OS nor the hook. */
  readonly pressUnavailable?: readonly PressCommand[];
}

/** Options of {@link HotkeyDriver}. */
export interface HotkeyDriverOptions {
  readonly hook: KeyHook;
  /** Null where globalShortcut does not exist (CLI, tests without Electron). */
  readonly shortcuts: ShortcutRegistrar | null;
  readonly platform: NodeJS.Platform;
  readonly onAction: (action: HotkeyAction) => void;
  readonly onError?: (error: Error) => void;
  readonly timing?: HotkeyTiming;
  readonly now?: () => number;
}

/** Feeds the machine from the hook, the shortcuts and its own timer. */
export class HotkeyDriver {
  readonly #options: HotkeyDriverOptions;
  readonly #now: () => number;
  #machine: HotkeyMachine | null = null;
  #choice: HotkeyChoice | null = null;
  #registered: string[] = [];
  #cancelAccelerator: string | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #removeKey: (() => void) | null = null;
  #removeError: (() => void) | null = null;
  #status: HotkeyStatus = {
    hook: 'stopped',
    toggle: 'none',
    toggleTaken: false,
    alternatives: [],
    holdUnavailable: true,
  };

  constructor(options: HotkeyDriverOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
  }

  get status(): HotkeyStatus {
    return this.#status;
  }

  /** Applies a choice of hotkeys: (re)registers the shortcut, starts the hook where it may run. */
  configure(choice: HotkeyChoice): HotkeyStatus {
    this.#unregisterAll();
    this.#choice = choice;
    const hook = this.#startHook();
    const accelerator = toAccelerator(choice.toggle);
    const viaShortcut =
      accelerator !== null &&
      this.#options.shortcuts !== null &&
      this.#register(accelerator, () => this.#shortcut('toggle'));
    const toggleTaken = accelerator !== null && this.#options.shortcuts !== null && !viaShortcut;
    const toggleViaHook = !viaShortcut && hook === 'running';
    const press = pressChords(choice);
    const notViaShortcut = (Object.keys(press) as PressCommand[]).filter((command) => {
      const pressAccelerator = toAccelerator(press[command]!);
      return !(pressAccelerator && this.#register(pressAccelerator, () => this.#shortcut(command)));
    });
    const pressViaHook = hook === 'running' ? notViaShortcut : [];
    const bindings: HotkeyBindings = { ...choice, toggleViaHook, press, pressViaHook };
    if (this.#machine) this.#machine.rebind(bindings);
    else this.#machine = new HotkeyMachine(bindings, this.#options.timing ?? DEFAULT_TIMING);
    this.#status = {
      hook,
      toggle: viaShortcut ? 'shortcut' : toggleViaHook ? 'hook' : 'none',
      toggleTaken,
      alternatives: toggleTaken
        ? alternativeChords('shortcut', this.#options.platform, [choice.toggle, choice.cancel])
        : [],
      holdUnavailable: hook !== 'running',
      pressUnavailable: hook === 'running' ? [] : notViaShortcut,
    };
    return this.#status;
  }

  /** Dictation started or ended by other means (button, tray, failure). */
  setActive(active: boolean): void {
    this.#feed({ type: 'external', active, time: this.#now() });
    this.#syncCancel();
  }

  /** Stops the hook and unregisters every chord. */
  dispose(): void {
    this.#unregisterAll();
    this.#clearTimer();
    this.#removeKey?.();
    this.#removeError?.();
    this.#removeKey = this.#removeError = null;
    this.#options.hook.stop();
    this.#machine = null;
    this.#choice = null;
  }

  #startHook(): HotkeyStatus['hook'] {
    const { hook } = this.#options;
    if (!this.#removeKey) {
      this.#removeKey = hook.onKey((event) => this.#key(event));
      this.#removeError = hook.onError((error) => this.#options.onError?.(error));
    }
    const started = hook.start();
    return started.ok ? 'running' : started.block;
  }

  #key(event: KeyEvent): void {
    const type = event.type === 'down' ? 'key-down' : 'key-up';
    this.#feed({ type, key: event.key, time: event.time, modifiers: event.modifiers });
  }

  #shortcut(action: 'toggle' | 'cancel' | PressCommand): void {
    this.#feed({ type: 'shortcut', action, time: this.#now() });
  }

  #feed(input: HotkeyInput): void {
    const machine = this.#machine;
    if (!machine) return;
    const actions = machine.handle(input);
    this.#arm();
    if (actions.some((a) => a.type === 'start' || a.type === 'stop' || a.type === 'cancel'))
      this.#syncCancel();
    for (const action of actions) {
      try {
        this.#options.onAction(action);
      } catch (error) {
        // A failing consumer must not break the hook's native callback or the machine's state.
        this.#options.onError?.(error instanceof Error ? error : new Error('hotkey action failed'));
      }
    }
  }

  /** The cancel chord is registered only while dictating, so it takes no key from anyone otherwise. */
  #syncCancel(): void {
    const machine = this.#machine;
    const shortcuts = this.#options.shortcuts;
    if (!machine || !shortcuts) return;
    const accelerator = this.#choice ? toAccelerator(this.#choice.cancel) : null;
    if (machine.active && this.#cancelAccelerator === null && accelerator !== null) {
      if (this.#register(accelerator, () => this.#shortcut('cancel'))) this.#cancelAccelerator = accelerator;
    }
    if (!machine.active && this.#cancelAccelerator !== null) {
      shortcuts.unregister(this.#cancelAccelerator);
      this.#registered = this.#registered.filter((a) => a !== this.#cancelAccelerator);
      this.#cancelAccelerator = null;
    }
  }

  #register(accelerator: string, onPress: () => void): boolean {
    const ok = this.#options.shortcuts?.register(accelerator, onPress) ?? false;
    if (ok) this.#registered.push(accelerator);
    return ok;
  }

  #unregisterAll(): void {
    for (const accelerator of this.#registered) this.#options.shortcuts?.unregister(accelerator);
    this.#registered = [];
    this.#cancelAccelerator = null;
  }

  #arm(): void {
    this.#clearTimer();
    const deadline = this.#machine?.nextDeadline ?? null;
    if (deadline === null) return;
    this.#timer = setTimeout(
      () => this.#feed({ type: 'tick', time: this.#now() }),
      Math.max(0, deadline - this.#now()),
    );
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/** The single-press hotkeys chosen, by command. */
function pressChords(choice: HotkeyChoice): Partial<Record<PressCommand, Chord>> {
  const chords: Partial<Record<PressCommand, Chord>> = {};
  if (choice.undo) chords.undo = choice.undo;
  if (choice.nextField) chords['next-field'] = choice.nextField;
  if (choice.previousField) chords['previous-field'] = choice.previousField;
  return chords;
}
