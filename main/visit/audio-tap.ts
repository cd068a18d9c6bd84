/**
 * Wraps an AudioSource between the device and the streaming session: it measures the level for the live
 * meter and guards pause. While paused it yields silence of the same length instead of the audio, so
 * nothing said during a pause is kept or sent whatever the session does with the frames (the session
 * itself also refuses audio while paused), and the frame timing of the source is undisturbed.
 */
import type { AudioFrame, AudioSource } from '../audio/audio-source.ts';
import { LevelMeter } from '../audio/level-meter.ts';

/** A level reading scaled for a meter: 0 at -60 dBFS or below, 1 at full scale. */
export interface MeterLevel {
  readonly rms: number;
  readonly peak: number;
}

const METER_FLOOR_DB = -60;

/** Maps dBFS to the 0..1 meter scale. */
export function meterScale(dbfs: number): number {
  if (!Number.isFinite(dbfs) || dbfs <= METER_FLOOR_DB) return 0;
  return Math.min(1, (dbfs - METER_FLOOR_DB) / -METER_FLOOR_DB);
}

/** A pausable, metered view of a source. */
export class AudioTap implements AudioSource {
  readonly #inner: AudioSource;
  readonly #onLevel: (level: MeterLevel) => void;
  readonly #meter = new LevelMeter(1_600);
  #paused = false;
  #silentReported = false;

  constructor(inner: AudioSource, onLevel: (level: MeterLevel) => void) {
    this.#inner = inner;
    this.#onLevel = onLevel;
  }

  get info() {
    return this.#inner.info;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** While paused, frames are replaced by silence of the same length. */
  setPaused(paused: boolean): void {
    this.#paused = paused;
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
      // One reading per 100 ms keeps IPC traffic at 10 messages a second per stream.
      for (const reading of this.#meter.push(frame.samples)) {
        this.#onLevel({ rms: meterScale(reading.rmsDbfs), peak: meterScale(reading.peakDbfs) });
      }
      yield frame;
    }
  }

  stop(): Promise<void> {
    return this.#inner.stop();
  }
}
