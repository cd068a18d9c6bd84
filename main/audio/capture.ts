import type { AudioSource } from './audio-source.ts';
import { Chunker } from './chunker.ts';

/**
 * A source read from the moment capture starts, whether or not anyone takes its chunks yet: what the
 * microphone hears while the visit's journal and socket are still being set up is kept in order and handed
 * over once they are (the first word after "start" is not clipped by the connection time). Pulling from
 * the source only when the socket is ready would open the device late and lose that speech.
 *
 *   const capture = new AudioCapture(source);
 *   const chunks = capture.start();             // the device opens now
 *   await connect();
 *   for await (const chunk of chunks) send(chunk); // ends after stop(), last chunk zero-padded
 */
export class AudioCapture {
  readonly #source: AudioSource;
  readonly #chunker = new Chunker();
  readonly #chunks: Int16Array[] = [];
  #pump: Promise<void> | null = null;
  #ended = false;
  #failure: unknown = null;
  #wake: (() => void) | null = null;

  constructor(source: AudioSource) {
    this.#source = source;
  }

  /** Opens the source and starts keeping its 100 ms chunks; the iterator ends after stop() or the source. */
  start(): AsyncIterable<Int16Array> {
    if (this.#pump) throw new Error('AudioCapture.start() called twice');
    this.#pump = this.#run();
    return this.#drain();
  }

  /** Stops the source; the chunk iterator yields what is left (last chunk zero-padded) and ends. */
  async stop(): Promise<void> {
    await this.#source.stop();
    await this.#pump;
  }

  async #run(): Promise<void> {
    try {
      for await (const { samples } of this.#source.frames()) {
        const chunks = this.#chunker.push(samples);
        if (chunks.length > 0) {
          this.#chunks.push(...chunks);
          this.#signal();
        }
      }
    } catch (error) {
      this.#failure = error;
    } finally {
      const last = this.#chunker.flush();
      if (last) this.#chunks.push(last);
      this.#ended = true;
      this.#signal();
    }
  }

  #signal(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  async *#drain(): AsyncGenerator<Int16Array> {
    for (;;) {
      const chunk = this.#chunks.shift();
      if (chunk) {
        yield chunk;
        continue;
      }
      if (this.#ended) {
        if (this.#failure) throw this.#failure;
        return;
      }
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }
}
