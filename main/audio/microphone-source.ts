import { RecorderError, type Recorder, type RecorderCapture } from '../../native/recorder.ts';
import {
  AudioError,
  SAMPLE_RATE,
  type AudioFrame,
  type AudioNotice,
  type AudioSource,
  type AudioSourceInfo,
} from './audio-source.ts';
import { NoticeEmitter } from './notices.ts';

/** Options of {@link MicrophoneAudioSource}. */
export interface MicrophoneOptions {
  readonly recorder: Recorder;
  /** Device name as listed by listMicrophones(); the OS default when absent. */
  readonly device?: string;
  /** Samples per recorder frame; 512 (32 ms) unless told. */
  readonly frameLength?: number;
}

/** Longest gap a fallback fills with silence; beyond it the stream just resumes. */
const MAX_GAP_FILL_SAMPLES = 5 * SAMPLE_RATE;

/**
 * A microphone through the recorder port. When the chosen device is missing at start, or fails during
 * capture, it falls back to the OS default and says so through onDidNotice ('device_fallback'); only a
 * failing default ends the stream with AudioError. Several instances may capture different devices at once.
 */
export class MicrophoneAudioSource implements AudioSource {
  readonly #options: MicrophoneOptions;
  readonly #notices = new NoticeEmitter();
  #capture: RecorderCapture | null = null;
  #label: string;
  #stopped = false;

  constructor(options: MicrophoneOptions) {
    this.#options = options;
    this.#label = options.device ?? 'default';
  }

  get info(): AudioSourceInfo {
    return { kind: 'microphone', label: this.#label };
  }

  onDidNotice(listener: (notice: AudioNotice) => void): () => void {
    return this.#notices.on(listener);
  }

  frames(): AsyncIterable<AudioFrame> {
    return this.#frames();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#capture?.stop();
  }

  async *#frames(): AsyncGenerator<AudioFrame> {
    let onDefault = await this.#openChosen();
    let lastFrameAt = performance.now();
    try {
      while (!this.#stopped && this.#capture) {
        let samples: Int16Array | null;
        try {
          samples = await this.#capture.read();
        } catch (error) {
          if (!(error instanceof RecorderError)) throw error;
          if (onDefault || this.#stopped) throw lostError();
          await this.#capture.stop();
          await this.#openDefault('device_lost');
          onDefault = true;
          // Keep the timeline tied to the wall clock: the switch took time that the stream must not lose.
          const gap = Math.min(
            MAX_GAP_FILL_SAMPLES,
            Math.round(((performance.now() - lastFrameAt) * SAMPLE_RATE) / 1000),
          );
          if (gap > 0) yield { samples: new Int16Array(gap) };
          continue;
        }
        if (samples === null) break;
        lastFrameAt = performance.now();
        yield { samples };
      }
    } finally {
      await this.#capture?.stop();
    }
  }

  /** Opens the chosen device, or the default with a notice when it is not listed. Returns "on default". */
  async #openChosen(): Promise<boolean> {
    const { device, recorder } = this.#options;
    if (device === undefined) {
      await this.#start(-1);
      return true;
    }
    const index = recorder.listDevices().indexOf(device);
    if (index < 0) {
      await this.#openDefault('not_found');
      return true;
    }
    try {
      await this.#start(index);
      return false;
    } catch (error) {
      if (!(error instanceof AudioError)) throw error;
      await this.#openDefault('not_found');
      return true;
    }
  }

  async #openDefault(reason: AudioNotice['reason']): Promise<void> {
    await this.#start(-1);
    this.#notices.emit({ code: 'device_fallback', reason, device: this.#label });
  }

  async #start(deviceIndex: number): Promise<void> {
    try {
      const options = { deviceIndex, frameLength: this.#options.frameLength ?? 512 };
      this.#capture = await this.#options.recorder.start(options);
    } catch (error) {
      if (error instanceof RecorderError || error instanceof AudioError) {
        throw new AudioError('mic_unavailable', 'No microphone could be opened.');
      }
      throw error;
    }
    this.#label = this.#capture.deviceName;
    if (this.#stopped) await this.#capture.stop(); // stop() came while the device was opening
  }
}

function lostError(): AudioError {
  return new AudioError('device_lost', 'The microphone stopped delivering audio.');
}
