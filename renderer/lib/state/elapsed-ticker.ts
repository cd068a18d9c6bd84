/**
 * The elapsed time the Visit screen shows. Main pushes the visit state only when something changes, so
 * between pushes the time is counted on locally from main's last figure. Only the time since that push is
 * measured here, on a monotonic clock: a computer clock that is off, or is set while recording, changes
 * nothing. Plain logic (no runes), unit-tested under Node with a hand-driven clock.
 */

/** A clock and a repeating timer. */
export interface TickClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

const SYSTEM_CLOCK: TickClock = {
  now: () => performance.now(),
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

/** How often the shown time moves on (twice a second, so a shown second is never skipped). */
const TICK_MS = 500;

/** Counts on from the last elapsed time main reported, while the visit's clock runs. */
export class ElapsedTicker {
  readonly #show: (elapsedMs: number) => void;
  readonly #clock: TickClock;
  #stop: (() => void) | null = null;

  /** `show` receives the time to show: at once on each `follow`, then on every tick while it runs. */
  constructor(show: (elapsedMs: number) => void, clock: TickClock = SYSTEM_CLOCK) {
    this.#show = show;
    this.#clock = clock;
  }

  /** Shows `elapsedMs` as main reported it now; while `runs`, counts on from it. */
  follow(elapsedMs: number, runs: boolean): void {
    this.stop();
    this.#show(elapsedMs);
    if (!runs) return;
    const since = this.#clock.now();
    this.#stop = this.#clock.every(TICK_MS, () => this.#show(elapsedMs + this.#clock.now() - since));
  }

  /** Stops counting (the time shown stays). */
  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }
}
