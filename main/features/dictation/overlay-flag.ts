/**
 * The flag the overlay shows, for its keep and fix keys: the keys are
 * registered while it shows one, and act on that one only. Sits between the controller and the overlay.
 */
import { flagFixable } from '../../../preload/contract/dictation-codes.ts';
import type { DictationFlag } from '../../../preload/contract/index.ts';
import type { FlagKeys, FlagMode } from './hotkey-driver.ts';
import type { OverlayPort, OverlayState } from './ports.ts';

/**
 * Watches what the overlay is shown; `onShown` hears which keys its flag needs (none, keep, keep and fix)
 * on each change, and answers the keys that work (the overlay names them; no fix key: no Fix button).
 */
export class OverlayFlag {
  readonly #port: OverlayPort;
  readonly #onShown: (mode: FlagMode) => FlagKeys;
  #state: OverlayState | null = null;
  #keys: FlagKeys = {};

  constructor(port: OverlayPort, onShown: (mode: FlagMode) => FlagKeys) {
    this.#port = port;
    this.#onShown = onShown;
  }

  /** The port the controller shows the overlay through. */
  readonly port: OverlayPort = { show: (state) => this.#show(state) };

  /** The flag on the overlay now, or null. */
  get flag(): DictationFlag | null {
    return this.#state?.flagged ?? null;
  }

  /** Flag `id` was kept or fixed (key, button, voice, box): the overlay no longer shows it. */
  resolved(id: string): void {
    if (this.#state && this.flag?.id === id) this.#show({ ...this.#state, flagged: null });
  }

  /**
   * Whether the flag shown can be fixed: its dictation runs (its stream owns the text; once it is over the
   * text is the application's and "fix" would change nothing) and it has one right value to put. Keep works
   * whenever one shows.
   */
  get fixable(): boolean {
    return this.#state !== null && flagFixable(this.#state.phase, this.flag);
  }

  #show(state: OverlayState | null): void {
    const before = this.#mode();
    this.#state = state;
    const mode = this.#mode();
    if (before !== mode) this.#keys = this.#onShown(mode);
    this.#port.show(state?.flagged ? { ...state, flagKeys: this.#keys } : state);
  }

  #mode(): FlagMode {
    return this.flag === null ? 'none' : this.fixable ? 'keep-fix' : 'keep';
  }
}
