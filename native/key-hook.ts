/**
 * Typed facade over `uiohook-napi`, the global key hook (key-down and key-up in every application, which
 * Electron's globalShortcut cannot give). Nothing else imports the native module.
 *
 * Why uiohook-napi: N-API prebuilds for Windows, macOS and Linux x64 that load in Electron without a
 * rebuild; F9, Ctrl+Super and Shift+F9 down/up were seen under Xvfb here. Its limits, handled here:
 * - It sees our own injected keys: events inside the {@link SyntheticInputGate} window are dropped.
 * - A listener that throws inside its native callback takes the process down: every listener runs in a
 *   try/catch and failures go to `onError` instead.
 * - On macOS `start()` without Accessibility calls abort(): `start` asks the injected `mayStart` first.
 * - It cannot swallow a key, so hook chords must type nothing (main/base/chords/chord-rules.ts).
 * - Its `keyTap` posts XSendEvent on X11 (ignored by xterm, wrong under Dvorak): never used for synthesis.
 */
import { createRequire } from 'node:module';
import { Emitter } from '../main/base/async/emitter.ts';
import type { ModifierSnapshot } from '../main/base/chords/chord.ts';
import { type SyntheticInputGate, sharedSyntheticInput } from './synthetic-input.ts';

/** One key event from the hook, the key named as chords name it ("Control", "Super", "F9", "A"). */
export interface KeyEvent {
  readonly type: 'down' | 'up';
  readonly key: string;
  /** performance.now() when the event reached us. */
  readonly time: number;
  readonly modifiers: ModifierSnapshot;
}

/** Why the hook is not running. */
export type KeyHookBlock = 'accessibility' | 'unavailable';

/** The key hook port: the real uiohook facade below, or FakeKeyHook in native/key-hook.fake.ts. */
export interface KeyHook {
  readonly running: boolean;
  /** Starts the hook; returns why not instead of throwing. */
  start(): { ok: true } | { ok: false; block: KeyHookBlock };
  stop(): void;
  /** Adds a listener; returns its remover. */
  onKey(listener: (event: KeyEvent) => void): () => void;
  /** Failures of listeners and of the hook (codes and names only). */
  onError(listener: (error: Error) => void): () => void;
}

interface RawKeyEvent {
  keycode: number;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

interface UiohookModule {
  uIOhook: {
    on(event: 'keydown' | 'keyup', listener: (e: RawKeyEvent) => void): unknown;
    removeAllListeners(event?: string): unknown;
    start(): void;
    stop(): void;
  };
  UiohookKey: Readonly<Record<string, number>>;
}

const RENAMED: Readonly<Record<string, string>> = {
  Ctrl: 'Control',
  CtrlRight: 'Control',
  AltRight: 'Alt',
  ShiftRight: 'Shift',
  Meta: 'Super',
  MetaRight: 'Super',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
};

/** keycode → chord key name, built from the module's own table. */
export function keyNames(table: Readonly<Record<string, number>>): Map<number, string> {
  const names = new Map<number, string>();
  for (const [name, code] of Object.entries(table)) {
    if (typeof code !== 'number' || names.has(code)) continue;
    names.set(code, RENAMED[name] ?? name);
  }
  return names;
}

/**
 * Keys the inserter never synthesizes (it sends text, Ctrl/Shift/Cmd+V, Shift+Insert, Shift+Left and
 * Backspace; special characters go through spare keycodes, which may read as F13–F24): these always reach
 * the listeners, so a stop key pressed just after text went in is never lost in the suppression window.
 */
const NEVER_INJECTED =
  /^(F([1-9]|1[0-2])|Super|Escape|Pause|ScrollLock|PrintScreen|Up|Down|Home|End|PageUp|PageDown|Numpad\d)$/;

/** Base of both hooks: listeners isolated from each other and from the native callback. */
export abstract class KeyHookBase implements KeyHook {
  readonly #keys = new Emitter<KeyEvent>((error) => this.reportError(error));
  readonly #errors = new Emitter<Error>();
  readonly #gate: SyntheticInputGate;

  constructor(gate: SyntheticInputGate) {
    this.#gate = gate;
  }

  abstract readonly running: boolean;
  abstract start(): { ok: true } | { ok: false; block: KeyHookBlock };
  abstract stop(): void;

  onKey(listener: (event: KeyEvent) => void): () => void {
    return this.#keys.on(listener);
  }

  onError(listener: (error: Error) => void): () => void {
    return this.#errors.on(listener);
  }

  /** Delivers one event to every listener, unless it may be one of ours. Never throws. */
  protected deliver(event: KeyEvent): void {
    if (!NEVER_INJECTED.test(event.key) && this.#gate.isSynthetic()) return;
    this.#keys.emit(event);
  }

  protected reportError(error: unknown): void {
    // An error listener that throws is reported by the emitter's default (a process warning); the hook goes on.
    this.#errors.emit(error instanceof Error ? error : new Error('key hook listener failed'));
  }
}

/** Options of {@link UiohookKeyHook}. */
export interface UiohookKeyHookOptions {
  /** macOS: true only once Accessibility is granted (`systemPreferences.isTrustedAccessibilityClient(false)`). */
  readonly mayStart?: () => boolean;
  readonly gate?: SyntheticInputGate;
}

/** The real hook over uiohook-napi, loaded on first start. */
export class UiohookKeyHook extends KeyHookBase {
  #module: UiohookModule | null = null;
  #names = new Map<number, string>();
  #running = false;
  readonly #mayStart: () => boolean;

  constructor(options: UiohookKeyHookOptions = {}) {
    super(options.gate ?? sharedSyntheticInput);
    this.#mayStart = options.mayStart ?? (() => true);
  }

  get running(): boolean {
    return this.#running;
  }

  start(): { ok: true } | { ok: false; block: KeyHookBlock } {
    if (this.#running) return { ok: true };
    // Checked every time: starting without Accessibility on macOS aborts the whole process.
    if (!this.#mayStart()) return { ok: false, block: 'accessibility' };
    try {
      const hook = this.#load();
      hook.uIOhook.on('keydown', (e) => this.#raw('down', e));
      hook.uIOhook.on('keyup', (e) => this.#raw('up', e));
      hook.uIOhook.start();
      this.#running = true;
      return { ok: true };
    } catch (error) {
      this.#module?.uIOhook.removeAllListeners();
      this.reportError(error);
      return { ok: false, block: 'unavailable' };
    }
  }

  stop(): void {
    if (!this.#running || !this.#module) return;
    this.#running = false;
    this.#module.uIOhook.removeAllListeners('keydown');
    this.#module.uIOhook.removeAllListeners('keyup');
    try {
      this.#module.uIOhook.stop();
    } catch (error) {
      this.reportError(error);
    }
  }

  #load(): UiohookModule {
    if (!this.#module) {
      const required = createRequire(import.meta.url)('uiohook-napi') as UiohookModule;
      this.#module = required;
      this.#names = keyNames(required.UiohookKey);
    }
    return this.#module;
  }

  #raw(type: 'down' | 'up', e: RawKeyEvent): void {
    try {
      this.deliver({
        type,
        key: this.#names.get(e.keycode) ?? `#${e.keycode}`,
        time: performance.now(),
        modifiers: { Control: e.ctrlKey, Alt: e.altKey, Shift: e.shiftKey, Super: e.metaKey },
      });
    } catch (error) {
      this.reportError(error);
    }
  }
}
