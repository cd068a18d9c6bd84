/**
 * A visit without a window, for `scribe transcribe` and tests: one audio source captured exactly as the
 * app's visit recorder captures it (VisitInputs: a metered tap that notices "no sound", AudioCapture from
 * the moment the input opens), streamed through the same LiveTranscriber (journal first, then the session),
 * with the transcript kept in the visit's TranscriptStore. Plain Node: nothing here knows a shell.
 *
 *   const visit = new HeadlessVisit({ source, stream, locales, transcriber });
 *   await visit.run();       // until the source ends, stop(), or a failure
 *   visit.transcript.finalInputs({ verbatim: true });
 */
import type { AudioSource } from '../../core/audio/audio-source.ts';
import type { InputWarning } from '../../../preload/contract/index.ts';
import type { LiveHealth, LiveSession, LiveStream, LiveTranscriber } from './ports.ts';
import { TranscriptStore } from './transcript-store.ts';
import { VisitInputs } from './visit-inputs.ts';

/** What one headless visit records and where it goes. */
export interface HeadlessVisitOptions {
  readonly source: AudioSource;
  /** How the one stream is declared to the service. */
  readonly stream: Pick<LiveStream, 'id' | 'speakerType'>;
  readonly locales: readonly string[];
  readonly transcriber: LiveTranscriber;
  /** What the person should know about the input (e.g. no sound for long), each time it changes. */
  readonly onWarnings?: (warnings: readonly InputWarning[]) => void;
  readonly onHealth?: (health: LiveHealth) => void;
}

/** One recording from a single source, run to its end. */
export class HeadlessVisit {
  readonly transcript = new TranscriptStore();
  readonly #options: HeadlessVisitOptions;
  readonly #inputs: VisitInputs;
  #live: LiveSession | null = null;
  #chunks = 0;
  #streamed = false;
  #audioError: unknown = null;

  /** The input opens now (capture starts before the connection, as in the app). */
  constructor(options: HeadlessVisitOptions) {
    this.#options = options;
    this.#inputs = new VisitInputs(
      { kind: 'devices', clinician: options.source, patient: null },
      () => undefined,
      (warnings) => options.onWarnings?.(warnings),
    );
  }

  /** The session streamed and took audio: a failure now leaves something worth recovering. */
  get audioSent(): boolean {
    return this.#streamed && this.#chunks > 0;
  }

  /**
   * Waits for the first chunk (a microphone may take seconds to deliver it, and the service fails a socket
   * that gets no audio for 10 s), then starts the session and streams until the source ends or stop();
   * then ends the session: everything sent is confirmed by the service before this resolves. False when
   * there was no audio at all (stopped before the first chunk): nothing was sent. Audio and streaming
   * failures reject with their own errors (AudioError, StreamingError).
   */
  async run(): Promise<boolean> {
    const [room] = this.#inputs.streams;
    const chunks = this.#watch(room!.chunks)[Symbol.asyncIterator]();
    const first = await chunks.next().catch(async (error: unknown) => {
      await this.#inputs.stop();
      throw error;
    });
    if (first.done) return false;
    const live = await this.#options.transcriber
      .start({
        locales: this.#options.locales,
        streams: [{ ...this.#options.stream, chunks: prepend(first.value, chunks) }],
      })
      .catch(async (error: unknown) => {
        await this.#inputs.stop();
        throw error;
      });
    this.#live = live;
    await this.#stream(live);
    return true;
  }

  /** Stops the audio; run() then ends the session gracefully. */
  async stop(): Promise<void> {
    await this.#inputs.stop();
  }

  /** Gives up at once: the session stops, its journal stays (recoverable). */
  async abort(): Promise<void> {
    await this.#live?.abort();
  }

  /** Shreds the journal (the transcript is out, or there was nothing worth keeping). */
  async forget(): Promise<void> {
    await this.#live?.forget();
  }

  /** Offers the journal for recovery; false when there is none. */
  keep(): boolean {
    return this.#live?.keep() ?? false;
  }

  async #stream(live: LiveSession): Promise<void> {
    const offs = [
      live.onDidItem((item) => this.transcript.upsert(item)),
      live.onDidHealth((health) => this.#options.onHealth?.(health)),
    ];
    const over = new Promise<void>((resolve) =>
      offs.push(
        live.onDidAudioEnd(() => resolve()),
        live.onDidFail(() => resolve()),
      ),
    );
    try {
      await live.started;
      this.#streamed = true;
      await over;
      await this.#inputs.stop();
      if (this.#audioError) throw this.#audioError;
      await live.end();
    } catch (error) {
      await this.#inputs.stop();
      await live.abort();
      throw error;
    } finally {
      for (const off of offs) off();
    }
  }

  /** Counts the chunks taken and keeps the audio's own failure (the session only hears "device lost"). */
  async *#watch(chunks: AsyncIterable<Int16Array>): AsyncGenerator<Int16Array> {
    try {
      for await (const chunk of chunks) {
        this.#chunks++;
        yield chunk;
      }
    } catch (error) {
      this.#audioError = error;
      throw error;
    }
  }
}

async function* prepend(first: Int16Array, rest: AsyncIterator<Int16Array>): AsyncGenerator<Int16Array> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
