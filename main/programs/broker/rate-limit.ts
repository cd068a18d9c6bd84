/**
 * A fixed-window request limit per client address, counted in the broker's shared store: per instance with
 * the in-memory store, across every instance with Redis. When the shared store cannot be reached the request
 * is refused (503) rather than let through uncounted.
 */
import { BrokerRefusal } from './refusal.ts';
import type { SharedStore } from './shared-store.ts';

const WINDOW_MS = 60_000;

/** Counts requests per client address against a per-minute limit. */
export class RateLimiter {
  constructor(
    private readonly perMinute: number,
    private readonly store: SharedStore,
  ) {}

  /** Whether its shared store answers now (the broker's readiness). */
  ready(): Promise<boolean> {
    return this.store.ready();
  }

  /** Counts a request; resolves 0 when allowed, else the seconds until the window resets. */
  async take(key: string): Promise<number> {
    let hit;
    try {
      hit = await this.store.hit(`rate:${key}`, WINDOW_MS);
    } catch (error) {
      throw new BrokerRefusal('STORE_UNAVAILABLE', { cause: error });
    }
    if (hit.count <= this.perMinute) return 0;
    return Math.max(1, Math.ceil(hit.resetInMs / 1000));
  }
}
