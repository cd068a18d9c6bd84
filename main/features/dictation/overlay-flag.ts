/**
 * The flag the overlay shows, for its keep and fix keys (and "keep that" / "fix that"): the keys are
 * registered while it shows one, and act on that one only. Sits between the controller and the overlay.
 */
import type { DictationFlag } from '../../../preload/contract/index.ts';
import type { FlagKeys } from './hotkey-driver.ts';
import type { OverlayPort, OverlayState } from './ports.ts';

/**
 * Watches what the overlay is shown; `onShown` hears whether a flag is on it, on each change, and answers
 * the keys that keep and fix it (the overlay names them).
 */
export class OverlayFlag {
  readonly #port: OverlayPort;
  readonly #onShown: (shown: boolean) => FlagKeys;
  #state: OverlayState | null = null;
  #keys: FlagKeys = {};

  constructor(port: OverlayPort, onShown: (shown: boolean) => FlagKeys) {
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

  #show(state: OverlayState | null): void {
    const before = this.flag !== null;
    this.#state = state;
    if (before !== (this.flag !== null)) this.#keys = this.#onShown(!before);
    this.#port.show(state?.flagged ? { ...state, flagKeys: this.#keys } : state);
  }
}
