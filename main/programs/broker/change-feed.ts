/**
 * "Today's appointments changed": what the broker tells connected desktops when the service reports an
 * `appointment.*` event. The message carries nothing (no patient, no appointment): each desktop asks again
 * for its own list through the checked routes. With several broker instances a shared store carries the
 * message to all of them (any store with publish/subscribe implements `ChangeFeed`); alone, in process.
 */

/** The small interface a shared store implements to fan out across broker instances. */
export interface ChangeFeed {
  publish(topic: 'appointments'): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (topic: 'appointments') => void): () => void;
}

/** The feed of a single broker instance. */
export class InProcessChangeFeed implements ChangeFeed {
  readonly #listeners = new Set<(topic: 'appointments') => void>();

  publish(topic: 'appointments'): Promise<void> {
    for (const listener of this.#listeners) listener(topic);
    return Promise.resolve();
  }

  subscribe(listener: (topic: 'appointments') => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
