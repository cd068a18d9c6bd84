/**
 * What broker instances share: request counts for the rate limit, the marks of what may be used once (an ID
 * token exchanged, a webhook delivery taken) and the "appointments changed" signal for connected desktops. Alone, a broker keeps both in its own memory (`MemoryStore`); several instances behind
 * a load balancer share them through Redis (`redis-store.ts`, set by `redisUrl`), so a limit holds across
 * instances and a webhook received by one reaches desktops connected to another.
 */

/** The only message that crosses instances: it carries nothing (no patient, no appointment). */
export type ChangeTopic = 'appointments';

/** One fixed-window counter after a hit. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/** Publish/subscribe of change signals (the schedule side's part of the store). */
interface ChangeFeed {
  publish(topic: ChangeTopic): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (topic: ChangeTopic) => void): () => void;
}

/** The small interface a shared store implements. */
export interface SharedStore extends ChangeFeed {
  /** Counts one hit on `key` in a window of `windowMs` that starts with the key's first hit. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Marks `key` used for `ttlMs`: true the first time, false while the mark lasts (a replay). */
  useOnce(key: string, ttlMs: number): Promise<boolean>;
  /** Removes a used-once mark (what it marked was not used after all: an exchange that minted nothing). */
  forget(key: string): Promise<void>;
  /** Whether the store answers now (the broker's readiness, `GET /readyz`). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A broker instance's own memory. Bounded: when more keys are tracked than `maxTracked`, the oldest
 * windows are dropped first.
 */
export class MemoryStore implements SharedStore {
  readonly #windows = new Map<string, { start: number; count: number }>();
  readonly #listeners = new Set<(topic: ChangeTopic) => void>();
  /** Used-once marks and when each ends; never evicted early (that would let a replay through). */
  readonly #used = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxTracked = 10_000,
  ) {}

  ready(): Promise<boolean> {
    return Promise.resolve(true);
  }

  hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= windowMs) {
      this.#windows.delete(key);
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
      this.#evict();
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetInMs: window.start + windowMs - now });
  }

  useOnce(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    // Marks last minutes; the ended ones are dropped whenever the map has grown.
    if (this.#used.size >= 1_000) for (const [k, end] of this.#used) if (end <= now) this.#used.delete(k);
    const end = this.#used.get(key);
    if (end !== undefined && end > now) return Promise.resolve(false);
    this.#used.set(key, now + ttlMs);
    return Promise.resolve(true);
  }

  forget(key: string): Promise<void> {
    this.#used.delete(key);
    return Promise.resolve();
  }

  publish(topic: ChangeTopic): Promise<void> {
    for (const listener of this.#listeners) listener(topic);
    return Promise.resolve();
  }

  subscribe(listener: (topic: ChangeTopic) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): Promise<void> {
    this.#listeners.clear();
    return Promise.resolve();
  }

  #evict(): void {
    while (this.#windows.size > this.maxTracked) {
      const oldest = this.#windows.keys().next().value;
      if (oldest === undefined) return;
      this.#windows.delete(oldest);
    }
  }
}
