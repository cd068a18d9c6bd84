/**
 * The one "producer pushes, consumer awaits" queue: items wait in order until read, a reader waits until
 * there is one, and the end (or a failure) reaches readers only after everything queued before it. It
 * replaces the hand-written "array + single waiter" loops of the capture and the recorder.
 *
 * Unbounded on purpose: its producers are audio devices, whose frames must never be dropped for want of
 * room (what bounds memory is the reader keeping up, or a holder trimming: see dropOldest). While held,
 * nothing leaves and the end waits too (an armed capture hands nothing on until the visit starts).
 *
 * Written here rather than taken from a library: the end-after-drain, hold and trim semantics are what the
 * capture needs, and the whole thing is smaller than the adapter a library would require.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  readonly #items: T[] = [];
  #ended = false;
  #failure: { error: unknown } | undefined;
  #held = false;
  #wake: (() => void) | undefined;
  #changed: Promise<void> | undefined;

  /** Items waiting to be read. */
  get length(): number {
    return this.#items.length;
  }

  /** No more items will be queued (end, fail or cancel was called). */
  get ended(): boolean {
    return this.#ended;
  }

  /** Queues an item; false (and nothing queued) once the queue has ended. */
  push(item: T): boolean {
    if (this.#ended) return false;
    this.#items.push(item);
    this.#notify();
    return true;
  }

  /** Readers get what is queued, then the end. Later calls (and fail) change nothing. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#notify();
  }

  /** Like end(), but readers get `error` thrown once what was queued before it is read. */
  fail(error: unknown): void {
    if (this.#ended) return;
    this.#failure = { error };
    this.end();
  }

  /** Ends at once: what is queued and any failure are dropped (and the items returned). */
  cancel(): T[] {
    this.#failure = undefined;
    this.#ended = true;
    const dropped = this.clear();
    this.#notify();
    return dropped;
  }

  /** Removes and returns everything queued; the queue stays open. */
  clear(): T[] {
    return this.#items.splice(0);
  }

  /** Keeps only the newest `keep` items; returns the ones removed, oldest first. */
  dropOldest(keep: number): T[] {
    const excess = this.#items.length - Math.max(0, keep);
    return excess > 0 ? this.#items.splice(0, excess) : [];
  }

  /** While held, nothing is read and the end waits; releasing lets readers go on. */
  hold(held: boolean): void {
    this.#held = held;
    if (!held) this.#notify();
  }

  get held(): boolean {
    return this.#held;
  }

  /** The next item, waiting for one; undefined at the end; throws the failure (after the items before it). */
  async take(): Promise<T | undefined> {
    const next = await this.#next();
    return next.done ? undefined : next.value;
  }

  /** Reads until the end; throws the failure, if any, after the items queued before it. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      const next = await this.#next();
      if (next.done) return;
      yield next.value;
    }
  }

  async #next(): Promise<IteratorResult<T, undefined>> {
    for (;;) {
      if (!this.#held) {
        if (this.#items.length > 0) return { done: false, value: this.#items.shift() as T };
        if (this.#ended) {
          if (this.#failure) throw this.#failure.error;
          return { done: true, value: undefined };
        }
      }
      await this.#nextChange();
    }
  }

  /** Resolves at the next push, end or release; every waiting reader shares it. */
  #nextChange(): Promise<void> {
    this.#changed ??= new Promise((resolve) => (this.#wake = resolve));
    return this.#changed;
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    this.#changed = undefined;
    wake?.();
  }
}
