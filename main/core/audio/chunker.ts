import { CHUNK_SAMPLES } from './audio-source.ts';

/**
 * Cuts frames of any length into exact 100 ms chunks (1600 samples) for the service, carrying the
 * remainder to the next push. flush() pads the last partial chunk with silence, so no audio is dropped.
 */
export class Chunker {
  readonly #size: number;
  #pending: Int16Array;
  #filled = 0;

  constructor(chunkSamples: number = CHUNK_SAMPLES) {
    if (!Number.isInteger(chunkSamples) || chunkSamples <= 0)
      throw new RangeError('chunkSamples must be a positive integer');
    this.#size = chunkSamples;
    this.#pending = new Int16Array(chunkSamples);
  }

  /** Samples waiting for a full chunk. */
  get pendingSamples(): number {
    return this.#filled;
  }

  /** Adds samples; returns every chunk completed by them (each a fresh array of exactly chunkSamples). */
  push(samples: Int16Array): Int16Array[] {
    const out: Int16Array[] = [];
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(this.#size - this.#filled, samples.length - offset);
      this.#pending.set(samples.subarray(offset, offset + take), this.#filled);
      this.#filled += take;
      offset += take;
      if (this.#filled === this.#size) {
        out.push(this.#pending);
        this.#pending = new Int16Array(this.#size);
        this.#filled = 0;
      }
    }
    return out;
  }

  /** Returns the remainder zero-padded to a full chunk, or null when nothing is pending. */
  flush(): Int16Array | null {
    if (this.#filled === 0) return null;
    const last = this.#pending; // the tail past #filled is still zero: chunks are never reused
    this.#pending = new Int16Array(this.#size);
    this.#filled = 0;
    return last;
  }
}

/** Turns any frame stream into 100 ms chunks, ending with a zero-padded last chunk when audio was left over. */
export async function* chunkFrames(
  frames: AsyncIterable<{ readonly samples: Int16Array }>,
  chunkSamples: number = CHUNK_SAMPLES,
): AsyncGenerator<Int16Array> {
  const chunker = new Chunker(chunkSamples);
  for await (const frame of frames) yield* chunker.push(frame.samples);
  const last = chunker.flush();
  if (last) yield last;
}
