/**
 * Wraps an AudioSource between the device and the streaming session: it measures the level for the live
 * meter, notices an input that has gone quiet for long, passes on the device's notices, and guards pause.
 * While paused it yields silence of the same length instead of the audio, so nothing said during a pause is
 * kept or sent whatever the session does with the frames (the session itself also refuses audio while
 * paused), and the frame timing of the source is undisturbed.
 */
import type { AudioFrame, AudioNotice, AudioSource } from './audio-source.ts';
import { LEVEL_WINDOW_SAMPLES, LevelMeter } from './level-meter.ts';
import { SilenceDetector, type SilenceOptions } from './silence-detector.ts';

/** A level reading scaled for a meter: 0 at -60 dBFS or below, 1 at full scale. */
export interface MeterLevel {
  readonly rms: number;
  readonly peak: number;
}

const METER_FLOOR_DB = -60;

/**
 * "No sound from this input": the meter has sat at its floor for 10 s. Far longer than a pause in a
 * conversation, and at a level a working microphone in a quiet room stays above, so it points at a muted,
 * unplugged or wrongly chosen input rather than at people being silent.
 */
export const NO_SOUND: Required<SilenceOptions> = {
  thresholdDbfs: METER_FLOOR_DB,
  minSilenceMs: 10_000,
  hysteresisDb: 6,
  minSpeechMs: 100,
};

/** Maps dBFS to the 0..1 meter scale. */
export function meterScale(dbfs: number): number {
  if (!Number.isFinite(dbfs) || dbfs <= METER_FLOOR_DB) return 0;
  return Math.min(1, (dbfs - METER_FLOOR_DB) / -METER_FLOOR_DB);
}

/** A pausable, metered view of a source. */
export class AudioTap implements AudioSource {
  readonly #inner: AudioSource;
  readonly #onLevel: (level: MeterLevel) => void;
  readonly #onQuiet: (quiet: boolean) => void;
  // 50 ms windows: the meter moves 20 times a second and reads as live (10 a second looked sluggish).
  readonly #meter = new LevelMeter(LEVEL_WINDOW_SAMPLES);
  #silence = new SilenceDetector(NO_SOUND);
  #quiet = false;
  #paused = false;
  #silentReported = false;

  /** `onQuiet(true)` once the input has had no sound for NO_SOUND.minSilenceMs, `false` when it has again. */
  constructor(
    inner: AudioSource,
    onLevel: (level: MeterLevel) => void,
    onQuiet: (quiet: boolean) => void = () => undefined,
  ) {
    this.#inner = inner;
    this.#onLevel = onLevel;
    this.#onQuiet = onQuiet;
  }

  get info() {
    return this.#inner.info;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** While paused, frames are replaced by silence of the same length (and silence is not "no sound"). */
  setPaused(paused: boolean): void {
    this.#paused = paused;
    this.#silence = new SilenceDetector(NO_SOUND);
    this.#setQuiet(false);
  }

  onDidNotice(listener: (notice: AudioNotice) => void): () => void {
    return this.#inner.onDidNotice?.(listener) ?? (() => undefined);
  }

  async *frames(): AsyncIterable<AudioFrame> {
    for await (const frame of this.#inner.frames()) {
      if (this.#paused) {
        if (!this.#silentReported) this.#onLevel({ rms: 0, peak: 0 });
        this.#silentReported = true;
        yield { samples: new Int16Array(frame.samples.length) };
        continue;
      }
      this.#silentReported = false;
      for (const reading of this.#meter.push(frame.samples)) {
        this.#onLevel({ rms: meterScale(reading.rmsDbfs), peak: meterScale(reading.peakDbfs) });
        const change = this.#silence.push(reading, LEVEL_WINDOW_SAMPLES);
        if (change) this.#setQuiet(change.state === 'silence');
      }
      yield frame;
    }
  }

  stop(): Promise<void> {
    return this.#inner.stop();
  }

  #setQuiet(quiet: boolean): void {
    if (quiet === this.#quiet) return;
    this.#quiet = quiet;
    this.#onQuiet(quiet);
  }
}
