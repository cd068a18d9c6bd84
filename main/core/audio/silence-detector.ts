import { SAMPLE_RATE } from './audio-source.ts';
import type { LevelReading } from './level-meter.ts';

/** Options of {@link SilenceDetector}. */
export interface SilenceOptions {
  /** RMS level below which audio counts as quiet, dBFS. */
  readonly thresholdDbfs?: number;
  /** How long it must stay quiet before silence is declared, ms. */
  readonly minSilenceMs?: number;
  /** Speech resumes only above threshold + hysteresis, so noise hovering at the threshold does not flap. */
  readonly hysteresisDb?: number;
  /** How long it must stay loud before speech is declared again, ms (ignores clicks). */
  readonly minSpeechMs?: number;
}

/** A change between speech and silence, located in samples since the meter started. */
export interface SilenceTransition {
  readonly state: 'silence' | 'speech';
  /** Where the new state began (the first quiet or loud window), not where it was confirmed. */
  readonly atSample: number;
}

const DEFAULT_SILENCE: Required<SilenceOptions> = {
  thresholdDbfs: -45,
  minSilenceMs: 1_500,
  hysteresisDb: 6,
  minSpeechMs: 100,
};

/**
 * Decides speech vs silence from level readings with a duration and a hysteresis band. It starts in
 * "speech" so that a source that is silent from the start is reported once minSilenceMs has passed.
 */
export class SilenceDetector {
  readonly #options: Required<SilenceOptions>;
  #state: 'speech' | 'silence' = 'speech';
  /** Start of the current run of readings that disagree with the state, or null. */
  #candidateStart: number | null = null;

  constructor(options: SilenceOptions = {}) {
    this.#options = { ...DEFAULT_SILENCE, ...options };
  }

  get state(): 'speech' | 'silence' {
    return this.#state;
  }

  /** Feeds one reading (in order); returns the transition it confirms, if any. */
  push(reading: LevelReading, windowSamples: number): SilenceTransition | null {
    const { thresholdDbfs, hysteresisDb, minSilenceMs, minSpeechMs } = this.#options;
    const windowStart = reading.endSample - windowSamples;
    const disagrees =
      this.#state === 'speech'
        ? reading.rmsDbfs < thresholdDbfs
        : reading.rmsDbfs > thresholdDbfs + hysteresisDb;
    if (!disagrees) {
      this.#candidateStart = null;
      return null;
    }
    this.#candidateStart ??= windowStart;
    const heldMs = ((reading.endSample - this.#candidateStart) * 1000) / SAMPLE_RATE;
    if (heldMs < (this.#state === 'speech' ? minSilenceMs : minSpeechMs)) return null;
    this.#state = this.#state === 'speech' ? 'silence' : 'speech';
    const atSample = this.#candidateStart;
    this.#candidateStart = null;
    return { state: this.#state, atSample };
  }
}
