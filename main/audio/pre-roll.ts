import { SAMPLE_RATE } from './audio-source.ts';

/** Default pre-roll: long enough for the onset of a first word said right as "start" is pressed. */
export const DEFAULT_PRE_ROLL_MS = 300;

/**
 * A ring buffer holding the last few hundred milliseconds heard while armed. When capture starts, its
 * contents go out first, so the first word after "start" is not clipped.
 */
export class PreRoll {
  readonly #ring: Int16Array;
  #write = 0;
  #filled = 0;

  constructor(ms: number = DEFAULT_PRE_ROLL_MS) {
    const capacity = Math.round((ms * SAMPLE_RATE) / 1000);
    if (capacity <= 0) throw new RangeError('pre-roll must be longer than 0 ms');
    this.#ring = new Int16Array(capacity);
  }

  /** Samples currently held. */
  get size(): number {
    return this.#filled;
  }

  /** Adds samples, overwriting the oldest once full. */
  push(samples: Int16Array): void {
    const cap = this.#ring.length;
    // Only the newest `cap` samples can survive; skip the rest instead of writing them twice.
    const from = samples.length > cap ? samples.subarray(samples.length - cap) : samples;
    const first = Math.min(from.length, cap - this.#write);
    this.#ring.set(from.subarray(0, first), this.#write);
    this.#ring.set(from.subarray(first), 0);
    this.#write = (this.#write + from.length) % cap;
    this.#filled = Math.min(cap, this.#filled + from.length);
  }

  /** Returns the held samples, oldest first, and empties the buffer. */
  drain(): Int16Array {
    const cap = this.#ring.length;
    const start = (this.#write - this.#filled + cap) % cap;
    const out = new Int16Array(this.#filled);
    const first = Math.min(this.#filled, cap - start);
    out.set(this.#ring.subarray(start, start + first));
    out.set(this.#ring.subarray(0, this.#filled - first), first);
    this.#filled = 0;
    this.#write = 0;
    return out;
  }
}
