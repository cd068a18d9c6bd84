import { describe, expect, it, vi } from 'vitest';
import type { AudioFrame, AudioSource } from '../../../../main/core/audio/audio-source.ts';
import { WarmMicrophone } from '../../../../main/features/dictation/warm-microphone.ts';

/** A microphone fed by the test: push 100 ms frames filled with a marker value. */
class PushMicrophone implements AudioSource {
  readonly info = { kind: 'fake', label: 'push' } as const;
  readonly #queue: AudioFrame[] = [];
  #wake: (() => void) | null = null;
  #waiting = false;
  stopped = false;
  /** Every pushed frame was taken and the capture asks for the next one: it has handled them all. */
  get drained(): boolean {
    return this.#queue.length === 0 && this.#waiting;
  }
  push(marker: number): void {
    this.#queue.push({ samples: new Int16Array(1600).fill(marker) });
    this.#wake?.();
  }
  async *frames(): AsyncIterable<AudioFrame> {
    for (;;) {
      const frame = this.#queue.shift();
      if (frame) {
        yield frame;
        continue;
      }
      if (this.stopped) return;
      this.#waiting = true;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#waiting = false;
    }
  }
  async stop(): Promise<void> {
    this.stopped = true;
    this.#wake?.();
  }
}

const drained = (mic: PushMicrophone) => vi.waitFor(() => expect(mic.drained).toBe(true));

describe('warm microphone', () => {
  it('after a dictation it stays open; the next one starts with the last 300 ms from before the key', async () => {
    const mics: PushMicrophone[] = [];
    let allowed = true;
    const warm = new WarmMicrophone({
      open: () => {
        const mic = new PushMicrophone();
        mics.push(mic);
        return mic;
      },
      allowed: () => allowed,
    });
    const first = warm.take();
    expect(first.warm).toBe(false);
    await first.capture.stop();
    warm.rest();
    expect(mics).toHaveLength(2);
    for (let marker = 1; marker <= 10; marker++) mics[1]!.push(marker);
    await drained(mics[1]!);
    const next = warm.take();
    expect(next.warm).toBe(true);
    mics[1]!.push(99);
    await drained(mics[1]!);
    await next.capture.stop();
    const markers: number[] = [];
    for await (const chunk of next.chunks) markers.push(chunk[0]!);
    // 300 ms of pre-roll (the word begun with the key press), then the live audio, no gap.
    expect(markers).toEqual([8, 9, 10, 99]);
    expect(mics).toHaveLength(2); // no second open: the capture was already warm

    warm.rest();
    allowed = false; // a visit arms its microphone: the warm one closes
    await vi.waitFor(() => expect(warm.warm).toBe(false));
    expect(mics[2]!.stopped).toBe(true);
  });
});
