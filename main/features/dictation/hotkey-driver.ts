/**
 * Runs the hotkey state machine on real inputs: the key hook (key-down/up, every application), the
 * globalShortcut registrar (toggle and cancel, key-down only, swallowed by the OS), and a timer for the
 * machine's deadlines. Says what works: the hook blocked (macOS Accessibility) or a chord another
 * application holds, with alternatives.
 */
import type { KeyEvent, KeyHook, KeyHookBlock } from '../../../native/key-hook.ts';
import { type Chord, formatChord, toAccelerator } from '../../base/chords/chord.ts';
import { alternativeChords } from '../../base/chords/chord-rules.ts';
import { HotkeyMachine } from './hotkey-machine.ts';
import type { OverlayState } from './ports.ts';
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
  /** Keep / fix the flag the overlay shows: registered only while it shows one (setFlagShown). */
  readonly keepFlag?: Chord;
  readonly fixFlag?: Chord;
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

/** The keep and fix keys of the flag the overlay shows, as Settings writes them; absent: that key works not. */
export type FlagKeys = NonNullable<OverlayState['flagKeys']>;
/** Which flag keys the overlay's flag needs: none, keep only (its dictation is over), or keep and fix. */
export type FlagMode = 'none' | 'keep' | 'keep-fix';

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
  /** The bindings without the flag keys, and whether the overlay shows a flag (then they are bound too). */
  #bindings: HotkeyBindings | null = null;
  #flagShown: FlagMode = 'none';
  #flagAccelerators: string[] = [];
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
    this.#bindings = bindings;
    if (this.#machine) this.#machine.rebind(bindings);
    else this.#machine = new HotkeyMachine(bindings, this.#options.timing ?? DEFAULT_TIMING);
    if (this.#flagShown !== 'none') this.#bindFlagKeys(hook === 'running');
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

  /**
   * The overlay shows a flag (true) or no longer does: its keep and fix keys are registered only meanwhile,
   * so they take no key from the focused application otherwise. Answers the keys that work, to show.
   */
  setFlagShown(mode: FlagMode): FlagKeys {
    if (mode === this.#flagShown) return {};
    this.#flagShown = mode;
    for (const accelerator of this.#flagAccelerators) this.#options.shortcuts?.unregister(accelerator);
    this.#registered = this.#registered.filter((a) => !this.#flagAccelerators.includes(a));
    this.#flagAccelerators = [];
    if (mode !== 'none') return this.#bindFlagKeys(this.#status.hook === 'running');
    if (this.#bindings) this.#machine?.rebind(this.#bindings);
    return {};
  }

  /** Binds the flag keys: through the OS where it takes them, else through the hook when it runs. */
  #bindFlagKeys(hookRunning: boolean): FlagKeys {
    const bindings = this.#bindings;
    if (!bindings || !this.#choice) return {};
    const working: { keep?: string; fix?: string } = {};
    const press: Partial<Record<PressCommand, Chord>> = { ...bindings.press };
    const viaHook: PressCommand[] = [...(bindings.pressViaHook ?? [])];
    const flagKeys = [
      ['keep-flag', this.#choice.keepFlag],
      ['fix-flag', this.#choice.fixFlag],
    ] as const;
    for (const [command, chord] of flagKeys) {
      if (!chord || (command === 'fix-flag' && this.#flagShown === 'keep')) continue;
      press[command] = chord;
      const accelerator = toAccelerator(chord);
      if (accelerator && this.#register(accelerator, () => this.#shortcut(command)))
        this.#flagAccelerators.push(accelerator);
      else if (hookRunning) viaHook.push(command);
      else continue;
      working[command === 'keep-flag' ? 'keep' : 'fix'] = formatChord(chord);
    }
    this.#machine?.rebind({ ...bindings, press, pressViaHook: viaHook });
    return working;
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
    this.#bindings = null;
    this.#flagShown = 'none';
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
    this.#flagAccelerators = [];
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
