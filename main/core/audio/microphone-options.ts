/** What a microphone source is asked to do (microphone-source.ts), and the timing it keeps. */
import type { Recorder } from '../../../native/recorder.ts';
import type { Delay } from '../../base/async/delay.ts';
import { SAMPLE_RATE } from './audio-source.ts';

/** Options of {@link MicrophoneAudioSource}. */
export interface MicrophoneOptions {
  readonly recorder: Recorder;
  /** Device name as listed by listMicrophones(); the OS default when absent. */
  readonly device?: string;
  /** Samples per recorder frame; 512 (32 ms) unless told. */
  readonly frameLength?: number;
  /**
   * What replaces the chosen device when it is missing or fails: the OS default (unless told), or nothing —
   * 'silence' never opens the default: when the chosen device is missing, cannot be opened or is lost
   * mid-capture, it says so ('input_lost') and keeps the stream going as silence until that device is
   * listed and opens again ('input_restored'). For a second input beside the clinician's, where the
   * default would most likely be the clinician's own microphone recorded a second time under the wrong
   * speaker.
   */
  readonly onLost?: 'default' | 'silence';
  /**
   * A device the OS default must not be when it replaces the chosen one (the patient's input, when this is
   * the clinician's): the patient would be recorded as the clinician. The stream then goes on as silence
   * with 'input_lost', as in 'silence' mode.
   */
  readonly avoid?: string;
  /** A read that has not returned after this long counts as a lost device, ms; 3000 unless told. */
  readonly stallMs?: number;
  /** The same for the first read of a capture, which waits for the backend to spin up; 10000 unless told. */
  readonly firstStallMs?: number;
  /** How silence steps wait (tests drive it with a fake clock); Node's timers by default. */
  readonly delay?: Delay;
}

/** Longest gap a fallback fills with silence; beyond it the stream just resumes. */
export const MAX_GAP_FILL_SAMPLES = 5 * SAMPLE_RATE;
/** A frame is 32 ms; a backend that has delivered nothing for this long is not coming back by itself. */
export const READ_STALL_MS = 3_000;
/** PulseAudio took up to ~2 s to deliver the first frame of a newly opened source here. */
export const FIRST_READ_STALL_MS = 10_000;
/** Silence replacing a lost input is delivered in 100 ms steps, like the chunks it becomes. */
export const SILENCE_STEP_MS = 100;
/**
 * How often an input in silence after a loss looks for its device again.
 * @internal exported for the tests, which wait this long
 */
export const REOPEN_CHECK_MS = 2_000;
