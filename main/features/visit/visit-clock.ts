/** A visit's elapsed recording time: the time since the session streamed, less the time spent paused. */
export class VisitClock {
  readonly #now: () => number;
  #startedAt = 0;
  #pausedAt: number | null = null;
  #pausedTotal = 0;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Recording began (the session streams). */
  start(): void {
    this.#startedAt = this.#now();
    this.#pausedTotal = 0;
    this.#pausedAt = null;
  }

  /** Stops counting (a pause, or the end of the recording). */
  stop(): void {
    if (this.#pausedAt !== null) this.#pausedTotal += this.#now() - this.#pausedAt;
    this.#pausedAt = this.#now();
  }

  /** Counts again after a pause. */
  resume(): void {
    if (this.#pausedAt !== null) this.#pausedTotal += this.#now() - this.#pausedAt;
    this.#pausedAt = null;
  }

  /** Back to zero (a new or recovered visit, or a discarded one). */
  reset(): void {
    this.#startedAt = 0;
    this.#pausedAt = null;
    this.#pausedTotal = 0;
  }

  get elapsedMs(): number {
    if (this.#startedAt === 0) return 0;
    const end = this.#pausedAt ?? this.#now();
    return Math.max(0, end - this.#startedAt - this.#pausedTotal);
  }
}
