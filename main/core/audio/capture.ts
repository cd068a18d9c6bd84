import { CHUNK_SAMPLES, SAMPLE_RATE, type AudioSource } from './audio-source.ts';
import { AsyncQueue } from '../../base/async/async-queue.ts';
import { Chunker } from './chunker.ts';

/**
 * The pre-roll: while a visit is armed (consent given, Start not yet pressed) only the last PRE_ROLL_MS of
 * each input is kept, in memory, and nothing is handed on. One second covers a device's start-up and the
 * moment between pressing Start and speaking; more would only send more of what was said before Start.
 * Kept in whole 100 ms chunks, plus the part of the next chunk still being filled.
 */
export const PRE_ROLL_MS = 1_000;
const PRE_ROLL_CHUNKS = (PRE_ROLL_MS * SAMPLE_RATE) / 1000 / CHUNK_SAMPLES;

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
 *
 * Armed (`start({ preRoll: true })`), it keeps only the pre-roll and hands nothing on until keepAll(): the
 * pre-roll then becomes the first audio of the visit, followed by the live audio with no gap.
 */
export class AudioCapture {
  readonly #source: AudioSource;
  readonly #chunker = new Chunker();
  /** Held while armed: nothing leaves before the visit starts, whoever asks. */
  readonly #chunks = new AsyncQueue<Int16Array>();
  #pump: Promise<void> | null = null;
  #preRollChunks = PRE_ROLL_CHUNKS;

  constructor(source: AudioSource) {
    this.#source = source;
  }

  /**
   * Opens the source and starts keeping its 100 ms chunks; the iterator ends after stop() or the source.
   * With `preRoll` only the last PRE_ROLL_MS (or `preRollMs`) is kept and the iterator yields nothing until keepAll().
   */
  start(options: { preRoll?: boolean; preRollMs?: number } = {}): AsyncIterable<Int16Array> {
    if (this.#pump) throw new Error('AudioCapture.start() called twice');
    this.#chunks.hold(options.preRoll === true);
    if (options.preRollMs !== undefined)
      this.#preRollChunks = Math.max(1, Math.ceil((options.preRollMs * SAMPLE_RATE) / 1000 / CHUNK_SAMPLES));
    this.#pump = this.#run();
    return this.#chunks;
  }

  /** The visit starts: keep everything from now on; the pre-roll comes out first. */
  keepAll(): void {
    this.#chunks.hold(false);
  }

  /** False once the source ended or failed (an armed device that died must be opened afresh). */
  get running(): boolean {
    return this.#pump !== null && !this.#chunks.ended;
  }

  /** Stops the source and drops what was kept unsent (disarming: the pre-roll is never used). */
  async close(): Promise<void> {
    await this.stop();
    for (const chunk of this.#chunks.clear()) chunk.fill(0);
    this.#chunks.hold(false); // lets an iterator someone holds end instead of waiting for a start
  }

  /** Stops the source; the chunk iterator yields what is left (last chunk zero-padded) and ends. */
  async stop(): Promise<void> {
    await this.#source.stop();
    await this.#pump;
  }

  async #run(): Promise<void> {
    let failure: { error: unknown } | undefined;
    try {
      for await (const { samples } of this.#source.frames()) this.#keep(this.#chunker.push(samples));
    } catch (error) {
      failure = { error };
    } finally {
      const last = this.#chunker.flush();
      this.#keep(last ? [last] : []);
      if (failure) this.#chunks.fail(failure.error);
      else this.#chunks.end();
    }
  }

  /** Queues chunks; armed, drops (and blanks) what is older than the pre-roll. */
  #keep(chunks: Int16Array[]): void {
    for (const chunk of chunks) this.#chunks.push(chunk);
    if (this.#chunks.held) for (const old of this.#chunks.dropOldest(this.#preRollChunks)) old.fill(0);
  }
}
