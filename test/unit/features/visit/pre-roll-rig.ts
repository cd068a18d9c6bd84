/** A hand-fed microphone and a numbered ramp of samples, to show the pre-roll hands audio on unbroken. */
import { expect } from 'vitest';
import {
  SAMPLE_RATE,
  type AudioFrame,
  type AudioNotice,
  type AudioSource,
} from '../../../../main/core/audio/audio-source.ts';
import { PRE_ROLL_MS } from '../../../../main/core/audio/capture.ts';

/** The samples of the pre-roll (its last second). */
export const PRE_ROLL_SAMPLES = (PRE_ROLL_MS * SAMPLE_RATE) / 1000;
export const RAMP = 30_000;

/** A microphone the test feeds by hand; `pending` frames not yet taken by the capture. */
export class HandFedMicrophone implements AudioSource {
  readonly info = { kind: 'fake', label: 'hand-fed' } as const;
  stopped = false;
  readonly #queue: Int16Array[] = [];
  #wake: (() => void) | null = null;
  /** The capture asked for a frame and none was there. */
  #waiting = false;
  #drainedWaiters: (() => void)[] = [];

  get pending(): number {
    return this.#queue.length;
  }

  /** Delivers `samples` in 512-sample frames, as a device would. */
  feed(samples: Int16Array): void {
    for (let at = 0; at < samples.length; at += 512) this.#queue.push(samples.slice(at, at + 512));
    this.#waiting = false;
    this.#wake?.();
  }

  /**
   * Resolves once the capture has handled every frame fed (it asked for the next one and none was there),
   * then one turn later, so whatever it handed on through promises has landed.
   */
  async drained(): Promise<void> {
    if (!this.#waiting) await new Promise<void>((resolve) => this.#drainedWaiters.push(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  async *frames(): AsyncIterable<AudioFrame> {
    for (;;) {
      const samples = this.#queue.shift();
      if (samples) yield { samples };
      else if (this.stopped) return;
      else {
        this.#waiting = true;
        for (const drained of this.#drainedWaiters.splice(0)) drained();
        await new Promise<void>((resolve) => (this.#wake = resolve));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.#wake?.();
  }

  readonly #notices = new Set<(notice: AudioNotice) => void>();
  onDidNotice(listener: (notice: AudioNotice) => void): () => void {
    this.#notices.add(listener);
    return () => this.#notices.delete(listener);
  }
  /** What the real source says when the chosen device is lost (silence or the default now flows). */
  notice(notice: AudioNotice): void {
    for (const l of this.#notices) l(notice);
  }
}

/** A ramp that goes on where the last call stopped: 1, 2, … RAMP, 1, 2, … (0 is only ever padding). */
export function rampFrom() {
  let next = 0;
  return (samples: number) => Int16Array.from({ length: samples }, () => (next++ % RAMP) + 1);
}

/** Asserts `audio` is one unbroken stretch of the ramp (no gap, no duplicate) up to `last`, then padding. */
export function expectUnbroken(audio: Int16Array, last: number): number {
  const end = audio.lastIndexOf(last);
  expect(end).toBeGreaterThan(0);
  for (let i = 1; i <= end; i++) {
    if (audio[i] !== (audio[i - 1]! % RAMP) + 1) throw new Error(`gap or duplicate at sample ${i}`);
  }
  expect(audio.subarray(end + 1).every((s) => s === 0)).toBe(true);
  return end + 1;
}

/** Every chunk of a stream, once it ends. */
export async function collect(chunks: AsyncIterable<Int16Array>): Promise<Int16Array[]> {
  const out: Int16Array[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}
