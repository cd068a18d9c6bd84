/** The overlay as the controller drives it: a running dictation's state, or an outcome shown for a moment. */
import type { OverlayPort, OverlayState } from './ports.ts';

/**
 * Shows states on the overlay; an outcome hides itself after `outcomeMs`, or after `flagMs` while it shows a
 * flag not yet kept or fixed (long enough to read it and press its key; it stays resolvable in the box).
 */
export class OverlayPresenter {
  readonly #port: OverlayPort;
  readonly #outcomeMs: number;
  readonly #flagMs: number;
  #hideTimer: ReturnType<typeof setTimeout> | null = null;
  /** The flag on the outcome showing now, while it waits to be kept or fixed. */
  #flagId: string | null = null;

  constructor(options: {
    overlay: OverlayPort;
    outcomeMs?: number | undefined;
    flagMs?: number | undefined;
  }) {
    this.#port = options.overlay;
    this.#outcomeMs = options.outcomeMs ?? 2500;
    this.#flagMs = options.flagMs ?? 20_000;
  }

  /** Shows a state until the next one. */
  show(state: OverlayState): void {
    this.#clearHide();
    this.#port.show(state);
  }

  /** Shows an outcome for a moment (longer while it shows a flag), then hides the overlay. */
  flash(state: Partial<OverlayState> & { phase: OverlayState['phase'] }): void {
    this.#clearHide();
    const empty = { appName: null, level: 0, elapsedMs: 0, lastWords: '', message: null, flagged: null };
    this.#port.show({ ...empty, ...state });
    this.#flagId = state.flagged?.id ?? null;
    this.#hideAfter(this.#flagId === null ? this.#outcomeMs : this.#flagMs);
  }

  /** Flag `id` was kept or fixed: if the outcome showing waited on it, it hides as one without a flag does. */
  resolved(id: string): void {
    if (this.#hideTimer && this.#flagId === id) this.#hideAfter(this.#outcomeMs);
  }

  #hideAfter(ms: number): void {
    if (this.#hideTimer) clearTimeout(this.#hideTimer);
    this.#hideTimer = setTimeout(() => {
      this.#hideTimer = null;
      this.#flagId = null;
      this.#port.show(null);
    }, ms);
    this.#hideTimer.unref?.(); // hiding the overlay never keeps a process alive (the CLI's end, a disposed service)
  }

  #clearHide(): void {
    if (this.#hideTimer) clearTimeout(this.#hideTimer);
    this.#hideTimer = null;
    this.#flagId = null;
  }
}
