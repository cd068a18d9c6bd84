import {
  AudioError,
  SAMPLE_RATE,
  type AudioFrame,
  type AudioNotice,
  type AudioSource,
  type AudioSourceInfo,
} from './audio-source.ts';
import { delay } from '../../base/async/delay.ts';
import { NoticeEmitter } from './notices.ts';

/** Options of {@link FakeAudioSource}. */
export interface FakeSourceOptions {
  /** The audio to deliver, 16 kHz mono. */
  readonly samples: Int16Array;
  /** Samples per frame; 512 unless told. Odd sizes exercise the chunker. */
  readonly frameSamples?: number;
  /** fast (default): as fast as pulled; realtime: paced like a microphone. */
  readonly pace?: 'realtime' | 'fast';
  /** Fails with AudioError('device_lost') after this many frames. */
  readonly failAfterFrames?: number;
  /** Label shown in info; "fake" unless told. */
  readonly label?: string;
}

/** An AudioSource over given samples, for unit tests of everything downstream of audio. */
export class FakeAudioSource implements AudioSource {
  readonly info: AudioSourceInfo;
  readonly #options: FakeSourceOptions;
  readonly #stop = new AbortController();
  readonly #notices = new NoticeEmitter();

  constructor(options: FakeSourceOptions) {
    this.#options = options;
    this.info = { kind: 'fake', label: options.label ?? 'fake' };
  }

  frames(): AsyncIterable<AudioFrame> {
    return this.#frames();
  }

  async stop(): Promise<void> {
    this.#stop.abort();
  }

  onDidNotice(listener: (notice: AudioNotice) => void): () => void {
    return this.#notices.on(listener);
  }

  /** Sends a notice as a microphone would (for tests of notice handling downstream). */
  notify(notice: AudioNotice): void {
    this.#notices.emit(notice);
  }

  async *#frames(): AsyncGenerator<AudioFrame> {
    const { samples, frameSamples = 512, pace = 'fast', failAfterFrames } = this.#options;
    const started = performance.now();
    let frames = 0;
    for (let at = 0; at < samples.length && !this.#stop.signal.aborted; at += frameSamples) {
      if (failAfterFrames !== undefined && frames >= failAfterFrames) {
        throw new AudioError('device_lost', 'The microphone stopped delivering audio.');
      }
      const frame = samples.slice(at, at + frameSamples);
      if (pace === 'realtime') {
        await delay(
          started + ((at + frame.length) * 1000) / SAMPLE_RATE - performance.now(),
          this.#stop.signal,
        );
        if (this.#stop.signal.aborted) break;
      } else {
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      frames++;
      yield { samples: frame };
    }
  }
}
