import type { AudioSource } from './audio-source.ts';
import { Chunker } from './chunker.ts';
import { LEVEL_WINDOW_SAMPLES, LevelMeter, type LevelReading } from './level-meter.ts';
import { PreRoll, DEFAULT_PRE_ROLL_MS } from './pre-roll.ts';
import { SilenceDetector, type SilenceOptions, type SilenceTransition } from './silence-detector.ts';

/** Options of {@link AudioCapture}. */
export interface CaptureOptions {
  /** Audio kept while armed and sent first on start, ms (300 unless told; 0 for none). */
  readonly preRollMs?: number;
  readonly silence?: SilenceOptions;
}

/**
 * One source turned into what the app needs: level readings (20 per second of audio) and silence
 * transitions from the moment it is armed, and 100 ms chunks from the moment it is started, beginning with
 * the pre-roll so the first word after "start" is whole.
 *
 *   const capture = new AudioCapture(source); capture.arm();
 *   for await (const chunk of capture.start()) send(chunk);   // ends after stop(), last chunk zero-padded
 */
export class AudioCapture {
  readonly #source: AudioSource;
  readonly #meter = new LevelMeter();
  readonly #silence: SilenceDetector;
  readonly #preRoll: PreRoll | null;
  readonly #chunker = new Chunker();
  readonly #levelListeners = new Set<(reading: LevelReading) => void>();
  readonly #silenceListeners = new Set<(transition: SilenceTransition) => void>();
  readonly #chunks: Int16Array[] = [];
  #pump: Promise<void> | null = null;
  #started = false;
  #ended = false;
  #failure: unknown = null;
  #wake: (() => void) | null = null;

  constructor(source: AudioSource, options: CaptureOptions = {}) {
    this.#source = source;
    this.#silence = new SilenceDetector(options.silence);
    const preRollMs = options.preRollMs ?? DEFAULT_PRE_ROLL_MS;
    this.#preRoll = preRollMs > 0 ? new PreRoll(preRollMs) : null;
  }

  /** Level readings as audio arrives; returns the remover. */
  onDidLevel(listener: (reading: LevelReading) => void): () => void {
    this.#levelListeners.add(listener);
    return () => this.#levelListeners.delete(listener);
  }

  /** Speech/silence transitions; returns the remover. */
  onDidChangeSilence(listener: (transition: SilenceTransition) => void): () => void {
    this.#silenceListeners.add(listener);
    return () => this.#silenceListeners.delete(listener);
  }

  /** Opens the source and starts listening: levels flow, the pre-roll fills, nothing is chunked yet. */
  arm(): void {
    this.#pump ??= this.#run();
  }

  /** Starts chunking (arming first if needed); the iterator ends after stop() or when the source ends. */
  start(): AsyncIterable<Int16Array> {
    if (this.#started) throw new Error('AudioCapture.start() called twice');
    this.arm();
    this.#started = true;
    if (this.#preRoll) this.#chunks.push(...this.#chunker.push(this.#preRoll.drain()));
    return this.#drain();
  }

  /** Stops the source; the chunk iterator yields what is left (last chunk zero-padded) and ends. */
  async stop(): Promise<void> {
    await this.#source.stop();
    await this.#pump;
  }

  async #run(): Promise<void> {
    try {
      for await (const { samples } of this.#source.frames()) this.#onFrame(samples);
    } catch (error) {
      this.#failure = error;
    } finally {
      if (this.#started) {
        const last = this.#chunker.flush();
        if (last) this.#chunks.push(last);
      }
      this.#ended = true;
      this.#signal();
    }
  }

  #onFrame(samples: Int16Array): void {
    for (const reading of this.#meter.push(samples)) {
      for (const listener of this.#levelListeners) listener(reading);
      const transition = this.#silence.push(reading, LEVEL_WINDOW_SAMPLES);
      if (transition) for (const listener of this.#silenceListeners) listener(transition);
    }
    if (this.#started) {
      const chunks = this.#chunker.push(samples);
      if (chunks.length > 0) {
        this.#chunks.push(...chunks);
        this.#signal();
      }
    } else {
      this.#preRoll?.push(samples);
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
