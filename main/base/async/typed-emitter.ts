/**
 * A typed event emitter over the app's one Emitter (./emitter.ts): `on(event, listener)` with the
 * payload type taken from an event map, so session events are checked at compile time (unlike node:events).
 * Returns an unsubscribe function. A throwing listener is isolated and reported, never rethrown into the
 * session's bookkeeping.
 */
import { Emitter } from './emitter.ts';

export class TypedEmitter<M extends object> {
  readonly #emitters = new Map<keyof M, Emitter<never>>();

  /** Subscribes; the returned function unsubscribes. */
  on<K extends keyof M>(event: K, listener: (value: M[K]) => void): () => void {
    return this.#emitter(event).on(listener);
  }

  protected emit<K extends keyof M>(event: K, value: M[K]): void {
    (this.#emitters.get(event) as Emitter<M[K]> | undefined)?.emit(value);
  }

  #emitter<K extends keyof M>(event: K): Emitter<M[K]> {
    let emitter = this.#emitters.get(event) as Emitter<M[K]> | undefined;
    if (!emitter) this.#emitters.set(event, (emitter = new Emitter<M[K]>()) as unknown as Emitter<never>);
    return emitter;
  }
}
