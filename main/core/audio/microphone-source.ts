import { RecorderError, type RecorderCapture } from '../../../native/recorder.ts';
import {
  AudioError,
  SAMPLE_RATE,
  type AudioFrame,
  type AudioNotice,
  type AudioSource,
  type AudioSourceInfo,
} from './audio-source.ts';
import { delay } from '../../base/async/delay.ts';
import { withTimeout } from '../../base/async/timeout.ts';
import { NoticeEmitter } from './notices.ts';
import {
  FIRST_READ_STALL_MS,
  MAX_GAP_FILL_SAMPLES,
  READ_STALL_MS,
  REOPEN_CHECK_MS,
  SILENCE_STEP_MS,
  type MicrophoneOptions,
} from './microphone-options.ts';

/** What a read that timed out yields instead of a frame. */
const STALLED = Symbol('stalled');
/**
 * A microphone through the recorder port. When the chosen device is missing at start, or fails or stalls
 * during capture, it falls back to the OS default and says so through onDidNotice ('device_fallback'); only
 * a failing default ends the stream with AudioError. With onLost 'silence' it never falls back (see there).
 * Several instances may capture different devices at once.
 */
/** Where #frames is: on the OS default, when the last frame came, and whether the next read is the first. */
interface Position {
  onDefault: boolean;
  lastFrameAt: number;
  first: boolean;
}

export class MicrophoneAudioSource implements AudioSource {
  readonly #options: MicrophoneOptions;
  readonly #notices = new NoticeEmitter();
  #capture: RecorderCapture | null = null;
  #label: string;
  #stopped = false;
  readonly #stop = new AbortController();

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
    this.#stop.abort();
    await this.#capture?.stop();
  }

  async *#frames(): AsyncGenerator<AudioFrame> {
    const at: Position = { onDefault: false, lastFrameAt: 0, first: true };
    if (!(yield* this.#openFirst(at))) return;
    at.lastFrameAt = performance.now();
    try {
      while (!this.#stopped && this.#capture) {
        let samples: Int16Array | null;
        try {
          samples = await this.#read(this.#capture, at.first);
        } catch (error) {
          if (!(error instanceof RecorderError)) throw error;
          if (!(yield* this.#onLost(at))) return;
          continue;
        }
        if (samples === null) break;
        at.first = false;
        at.lastFrameAt = performance.now();
        yield { samples };
      }
    } finally {
      await this.#capture?.stop();
    }
  }

  /** Opens the chosen device (or silence, when it cannot be and silence is wanted); false when stopped. */
  async *#openFirst(at: Position): AsyncGenerator<AudioFrame, boolean> {
    try {
      at.onDefault = await this.#openChosen();
      return true;
    } catch (error) {
      if (!this.#silenceOnLoss || !(error instanceof AudioError)) throw error;
      // Ending here would leave the stream silent for good (the service fails a stream with no audio)
      // and the person unaware: say the input is lost and keep the stream alive, as when lost later.
      this.#notices.emit({ code: 'input_lost', reason: 'not_found', device: this.#label });
      return yield* this.#silence(performance.now(), this.#options.device);
    }
  }

  /** The device failed mid-capture: the default replaces it, or silence does; false when stopped. */
  async *#onLost(at: Position): AsyncGenerator<AudioFrame, boolean> {
    if (this.#stopped) throw lostError();
    // A stalled read may never return, so neither may this stop(): do not wait for it.
    const lost = this.#capture;
    this.#capture = null;
    void lost?.stop().catch(() => undefined);
    const replaced = await this.#replace(at);
    at.first = true;
    if (!replaced) {
      this.#notices.emit({ code: 'input_lost', reason: 'device_lost', device: this.#label });
      if (!(yield* this.#silence(at.lastFrameAt, this.#options.device))) return false;
      at.onDefault = false;
      at.lastFrameAt = performance.now();
      return true;
    }
    // Keep the timeline tied to the wall clock: the switch took time that the stream must not lose.
    const gap = Math.min(
      MAX_GAP_FILL_SAMPLES,
      Math.round(((performance.now() - at.lastFrameAt) * SAMPLE_RATE) / 1000),
    );
    if (gap > 0) yield { samples: new Int16Array(gap) };
    return true;
  }

  /** Opens the OS default in place of a lost device; false when the stream goes on as silence instead. */
  async #replace(at: Position): Promise<boolean> {
    if (this.#options.onLost === 'silence') return false;
    if (at.onDefault) throw lostError();
    try {
      await this.#openDefault('device_lost');
      at.onDefault = true;
      return true;
    } catch (error) {
      if (!this.#silenceOnLoss || !(error instanceof AudioError)) throw error;
      return false;
    }
  }

  /**
   * The next frame, or RecorderError when the device has delivered nothing for stallMs: a backend can
   * hang without an error (a worker blocked in a native read), and the stream must not hang with it.
   */
  async #read(capture: RecorderCapture, first: boolean): Promise<Int16Array | null> {
    const { stallMs = READ_STALL_MS, firstStallMs = FIRST_READ_STALL_MS } = this.#options;
    const ms = first ? Math.max(firstStallMs, stallMs) : stallMs;
    const frame = await withTimeout(capture.read(), ms, STALLED);
    if (frame === STALLED) throw new RecorderError('read_failed', 'The microphone stopped delivering audio.');
    return frame;
  }

  /**
   * Silence on the wall clock from `from` (performance.now()) until stopped, so the stream stays alive.
   * Every REOPEN_CHECK_MS it looks for `device` listed again (plugged back in, or a stall that was only a
   * hiccup); once it opens, the time up to now is filled and it returns true: real audio goes on from
   * there on the same timeline. False when stopped.
   */
  async *#silence(from: number, device: string | undefined): AsyncGenerator<AudioFrame, boolean> {
    let covered = Math.max(from, performance.now() - (MAX_GAP_FILL_SAMPLES * 1000) / SAMPLE_RATE);
    let checkAt = performance.now() + REOPEN_CHECK_MS;
    const owed = (): Int16Array | null => {
      const samples = Math.floor(((performance.now() - covered) * SAMPLE_RATE) / 1000);
      covered += (samples * 1000) / SAMPLE_RATE;
      return samples > 0 ? new Int16Array(samples) : null;
    };
    while (!this.#stopped) {
      const samples = owed();
      if (samples) yield { samples };
      if (this.#stopped) break;
      if (device !== undefined && performance.now() >= checkAt) {
        if (await this.#reopen(device)) {
          const gap = owed(); // the time the device took to open
          if (gap) yield { samples: gap };
          return true;
        }
        checkAt = performance.now() + REOPEN_CHECK_MS;
      }
      await (this.#options.delay ?? delay)(SILENCE_STEP_MS, this.#stop.signal);
    }
    return false;
  }

  /** Opens `device` again when it is listed, saying so (input_restored); false when it is not or fails. */
  async #reopen(device: string): Promise<boolean> {
    try {
      const index = this.#options.recorder.listDevices().indexOf(device);
      if (index < 0) return false;
      await this.#start(index);
    } catch {
      return false; // still gone or still failing: stay silent and look again later
    }
    if (this.#stopped) return false; // stop() came while it opened; #start has closed it
    this.#notices.emit({ code: 'input_restored', reason: 'reconnected', device: this.#label });
    return true;
  }

  /** Opens the chosen device, or the default with a notice when it is not listed. Returns "on default". */
  async #openChosen(): Promise<boolean> {
    const { device, recorder } = this.#options;
    if (this.#options.onLost === 'silence') {
      // Without the chosen device this input has nothing to capture: refuse rather than take the default.
      const index = device === undefined ? -1 : recorder.listDevices().indexOf(device);
      if (index < 0) throw new AudioError('mic_unavailable', 'The chosen input is not connected.');
      await this.#start(index);
      return false;
    }
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

  /** A lost device ends in silence rather than the stream ending (or the default being the wrong input). */
  get #silenceOnLoss(): boolean {
    return this.#options.onLost === 'silence' || this.#options.avoid !== undefined;
  }

  async #openDefault(reason: AudioNotice['reason']): Promise<void> {
    const label = this.#label;
    await this.#start(-1);
    if (this.#capture && this.#capture.deviceName === this.#options.avoid) {
      const wrong = this.#capture;
      this.#capture = null;
      this.#label = label;
      await wrong.stop().catch(() => undefined);
      throw new AudioError('mic_unavailable', 'The default input is the one to avoid.');
    }
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
