/**
 * A minimal typed event emitter: `on(event, listener)` with the payload type taken from an event map, so
 * session events are checked at compile time (unlike node:events). Returns an unsubscribe function.
 */
export class TypedEmitter<M extends object> {
  readonly #listeners = new Map<keyof M, Set<(value: never) => void>>();

  /** Subscribes; the returned function unsubscribes. */
  on<K extends keyof M>(event: K, listener: (value: M[K]) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener as (value: never) => void);
    return () => set.delete(listener as (value: never) => void);
  }

  protected emit<K extends keyof M>(event: K, value: M[K]): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        (listener as (value: M[K]) => void)(value);
      } catch (error) {
        // A throwing listener is a bug in the listener; it must not break the session's bookkeeping, so it is
        // rethrown outside of our call stack.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
