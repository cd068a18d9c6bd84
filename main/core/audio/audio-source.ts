/**
 * The AudioSource port: anything that yields 16 kHz mono PCM_S16LE audio (microphone, WAV file, fake).
 * Sources deliver frames of any length; the chunker cuts them into the service's 100 ms chunks.
 */
export interface AudioFrame {
  /** 16-bit signed little-endian mono samples at 16 kHz. */
  readonly samples: Int16Array;
}

export interface AudioSourceInfo {
  /** "microphone", "file" or "fake". */
  readonly kind: 'microphone' | 'file' | 'fake';
  /** Device name or file name; never patient data. */
  readonly label: string;
}

export interface AudioSource {
  readonly info: AudioSourceInfo;
  /**
   * Starts delivery. Frames come in real-time order. The iterator ends when the source is stopped or a file
   * ends; it throws an AudioError when the device fails.
   */
  frames(): AsyncIterable<AudioFrame>;
  /** Stops delivery; the frames() iterator then ends. Idempotent. */
  stop(): Promise<void>;
  /**
   * Tells the person something changed without stopping delivery (e.g. the chosen microphone is gone and
   * the OS default is used instead). Returns a function that removes the listener. Optional so that
   * simple test sources need not implement it; every source in main/core/audio does.
   */
  onDidNotice?(listener: (notice: AudioNotice) => void): () => void;
}

/**
 * A non-fatal event worth showing the person. Carries codes and device names only, never audio.
 * device_fallback: the chosen device is replaced by the OS default (`device` is the default now capturing).
 * input_lost: the chosen device is gone and the stream goes on as silence (`device` is the lost one); for
 * an input that must not be replaced by whatever the default is (the patient's, beside the clinician's).
 * input_restored: after input_lost, that device is listed again and records on the same stream.
 */
export interface AudioNotice {
  readonly code: 'device_fallback' | 'input_lost' | 'input_restored';
  /**
   * not_found: the chosen device was not in the list at start; device_lost: it failed mid-capture;
   * reconnected: it opened again (input_restored).
   */
  readonly reason: 'not_found' | 'device_lost' | 'reconnected';
  readonly device: string;
}

/**
 * Expected audio failures, as values with a closed code (preload/contract/problem-codes.ts). The message is
 * a developer's text; a person reads the code's words (preload/words).
 */
export type { AudioErrorCode } from '../../../preload/contract/problem-codes.ts';
import type { AudioErrorCode } from '../../../preload/contract/problem-codes.ts';

export class AudioError extends Error {
  override readonly name = 'AudioError';
  constructor(
    readonly code: AudioErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const SAMPLE_RATE = 16_000;
export const CHUNK_SAMPLES = 1_600; // 100 ms
