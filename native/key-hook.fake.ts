/** A scriptable key hook for tests: press and release keys by name; honours the synthetic-input gate. */
import type { ModifierSnapshot } from '../main/base/chords/chord.ts';
import { KeyHookBase, type KeyHookBlock } from './key-hook.ts';
import { SyntheticInputGate } from './synthetic-input.ts';

const MODIFIER_KEYS = ['Control', 'Alt', 'Shift', 'Super'] as const;

/** Test double of the key hook port. */
export class FakeKeyHook extends KeyHookBase {
  #running = false;
  readonly #down = new Set<string>();
  /** Set to make start() refuse, as macOS without Accessibility does. */
  block: KeyHookBlock | null = null;

  constructor(gate: SyntheticInputGate = new SyntheticInputGate()) {
    super(gate);
  }

  get running(): boolean {
    return this.#running;
  }

  start(): { ok: true } | { ok: false; block: KeyHookBlock } {
    if (this.block) return { ok: false, block: this.block };
    this.#running = true;
    return { ok: true };
  }

  stop(): void {
    this.#running = false;
  }

  press(key: string, time = performance.now()): void {
    this.#down.add(key);
    this.#emit('down', key, time);
  }

  release(key: string, time = performance.now()): void {
    this.#down.delete(key);
    this.#emit('up', key, time);
  }

  /** Presses keys in order, then releases them in reverse. */
  tap(...keys: string[]): void {
    keys.forEach((key) => this.press(key));
    [...keys].reverse().forEach((key) => this.release(key));
  }

  #emit(type: 'down' | 'up', key: string, time: number): void {
    if (!this.#running) return;
    const modifiers = Object.fromEntries(
      MODIFIER_KEYS.map((m) => [m, this.#down.has(m)]),
    ) as unknown as ModifierSnapshot;
    this.deliver({ type, key, time, modifiers });
  }
}
