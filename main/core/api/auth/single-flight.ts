/**
 * Runs at most one instance of an async task at a time: callers that arrive while it runs share its result.
 * Used so that two token requests or two refreshes never run at once.
 */
export class SingleFlight<T> {
  #running: Promise<T> | undefined;

  run(task: () => Promise<T>): Promise<T> {
    this.#running ??= task().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }
}
