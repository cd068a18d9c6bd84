/** The overlay as the controller drives it: a running dictation's state, or an outcome shown for a moment. */
import type { OverlayPort, OverlayState } from './ports.ts';

/** Shows states on the overlay; an outcome hides itself after `outcomeMs`. */
export class OverlayPresenter {
  readonly #port: OverlayPort;
  readonly #outcomeMs: number;
  #hideTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(port: OverlayPort, outcomeMs: number) {
    this.#port = port;
    this.#outcomeMs = outcomeMs;
  }

  /** Shows a state until the next one. */
  show(state: OverlayState): void {
    this.#clearHide();
    this.#port.show(state);
  }

  /** Shows an outcome for a moment, then hides the overlay. */
  flash(state: Partial<OverlayState> & { phase: OverlayState['phase'] }): void {
    this.#clearHide();
    const empty = { appName: null, level: 0, elapsedMs: 0, lastWords: '', message: null, flagged: null };
    this.#port.show({ ...empty, ...state });
    this.#hideTimer = setTimeout(() => this.#port.show(null), this.#outcomeMs);
  }

  #clearHide(): void {
    if (this.#hideTimer) clearTimeout(this.#hideTimer);
    this.#hideTimer = null;
  }
}
