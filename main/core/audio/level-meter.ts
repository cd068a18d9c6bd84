import { SAMPLE_RATE } from './audio-source.ts';
import { INT16_FULL_SCALE, toDbfs } from './pcm.ts';

/** One level reading over a window of audio. */
export interface LevelReading {
  /** Root mean square level, dBFS (a full-scale sine reads about -3). */
  readonly rmsDbfs: number;
  /** Highest absolute sample, dBFS. */
  readonly peakDbfs: number;
  /** Position of the window's end, in samples since the meter started. */
  readonly endSample: number;
}

/** Default window: 50 ms, i.e. 20 readings per second of audio. */
export const LEVEL_WINDOW_SAMPLES = SAMPLE_RATE / 20;

/**
 * Measures RMS and peak over fixed windows of audio (50 ms by default) whatever the frame sizes, so the
 * UI meter updates at a steady 20 per second of audio and silence detection sees evenly spaced readings.
 */
export class LevelMeter {
  readonly #window: number;
  #sumSquares = 0;
  #peak = 0;
  #count = 0;
  #position = 0;

  constructor(windowSamples: number = LEVEL_WINDOW_SAMPLES) {
    if (!Number.isInteger(windowSamples) || windowSamples <= 0)
      throw new RangeError('windowSamples must be a positive integer');
    this.#window = windowSamples;
  }

  /** Adds samples; returns a reading for each window they complete. */
  push(samples: Int16Array): LevelReading[] {
    const readings: LevelReading[] = [];
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i] ?? 0;
      this.#sumSquares += s * s;
      const a = s < 0 ? -s : s;
      if (a > this.#peak) this.#peak = a;
      this.#position++;
      if (++this.#count === this.#window) {
        readings.push({
          rmsDbfs: toDbfs(Math.sqrt(this.#sumSquares / this.#count) / INT16_FULL_SCALE),
          peakDbfs: toDbfs(this.#peak / INT16_FULL_SCALE),
          endSample: this.#position,
        });
        this.#sumSquares = 0;
        this.#peak = 0;
        this.#count = 0;
      }
    }
    return readings;
  }
}
