/**
 * The one in-process event emitter: `on(listener)` returns its remover; `emit(value)` calls every listener
 * in order. A listener that throws is a bug in that listener: it neither stops the emitter's owner (a
 * session, a microphone) nor the other listeners, and it is reported, never swallowed silently.
 */

/** Where a listener's error goes. */
export type ListenerErrorReporter = (error: unknown) => void;

/**
 * The default report: a process warning naming the error's class. Its message is left out, since a
 * listener's message may carry what it was handling (transcript text, a device name).
 */
export const reportListenerError: ListenerErrorReporter = (error) => {
  const name = error instanceof Error ? error.name : typeof error;
  process.emitWarning(`An event listener threw (${name}).`, { code: 'SCRIBE_LISTENER_ERROR' });
};

/** Listeners of one kind of event carrying a `T`. */
export class Emitter<T> {
  readonly #listeners = new Set<(value: T) => void>();
  readonly #report: ListenerErrorReporter;

  constructor(report: ListenerErrorReporter = reportListenerError) {
    this.#report = report;
  }

  /** Adds a listener; returns its remover. */
  on(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Calls every listener (those added during the call wait for the next one). */
  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        try {
          this.#report(error);
        } catch {
          // A failing reporter must not turn a listener's bug into the emitter owner's failure.
        }
      }
    }
  }

  /** How many listeners are attached. */
  get size(): number {
    return this.#listeners.size;
  }

  /** Removes every listener. */
  clear(): void {
    this.#listeners.clear();
  }
}
