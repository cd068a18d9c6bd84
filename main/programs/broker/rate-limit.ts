/**
 * A fixed-window request limit per client address, kept in memory by each broker instance (the broker
 * has no shared state; behind a load balancer the limit applies per instance). Bounded in size: when more
 * addresses are tracked than `maxTracked`, the oldest windows are dropped first.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly maxTracked = 10_000,
  ) {}

  /** Counts a request; returns 0 when allowed, else the seconds until the window resets. */
  take(key: string): number {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= 60_000) {
      this.#windows.delete(key);
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
      this.#evict();
    }
    window.count += 1;
    if (window.count <= this.perMinute) return 0;
    return Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
  }

  #evict(): void {
    while (this.#windows.size > this.maxTracked) {
      const oldest = this.#windows.keys().next().value;
      if (oldest === undefined) return;
      this.#windows.delete(oldest);
    }
  }
}
