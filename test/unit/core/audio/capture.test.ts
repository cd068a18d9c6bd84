import { describe, expect, it, vi } from 'vitest';
import type { AudioFrame, AudioSource } from '../../../../main/core/audio/audio-source.ts';
import { AudioCapture } from '../../../../main/core/audio/capture.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { concatInt16 } from '../../../../main/core/audio/pcm.ts';

const ramp = (n: number): Int16Array => Int16Array.from({ length: n }, (_, i) => (i % 20_000) + 1);

/** Counts the frames the device delivered, whether or not anyone took them downstream. */
function counted(inner: AudioSource): AudioSource & { delivered: number } {
  const source = {
    info: inner.info,
    delivered: 0,
    async *frames(): AsyncIterable<AudioFrame> {
      for await (const frame of inner.frames()) {
        source.delivered += frame.samples.length;
        yield frame;
      }
    },
    stop: () => inner.stop(),
  };
  return source;
}

describe('AudioCapture', () => {
  it('reads the source from start(), before anyone takes the chunks, and keeps all of it in order', async () => {
    const audio = ramp(16_000);
    const source = counted(new FakeAudioSource({ samples: audio, frameSamples: 480 }));
    const capture = new AudioCapture(source);
    const chunks = capture.start();
    // Nobody is reading the chunks yet (the socket is still connecting), but the device is heard.
    await vi.waitFor(() => expect(source.delivered).toBe(audio.length));
    const out: Int16Array[] = [];
    for await (const c of chunks) out.push(c);
    expect(out.every((c) => c.length === 1_600)).toBe(true);
    expect([...concatInt16(out)]).toEqual([...audio]);
  });

  it('stop() ends the chunk stream early; a source failure surfaces in it', async () => {
    const capture = new AudioCapture(new FakeAudioSource({ samples: ramp(160_000), pace: 'realtime' }));
    let n = 0;
    for await (const _ of capture.start()) if (++n === 2) void capture.stop();
    expect(n).toBeLessThan(10);

    const failing = new AudioCapture(new FakeAudioSource({ samples: ramp(16_000), failAfterFrames: 3 }));
    await expect(
      (async () => {
        for await (const _ of failing.start()) void 0;
      })(),
    ).rejects.toMatchObject({ code: 'device_lost' });
  });

  it('zero-pads the last chunk', async () => {
    const capture = new AudioCapture(new FakeAudioSource({ samples: ramp(2_000) }));
    const out: Int16Array[] = [];
    for await (const c of capture.start()) out.push(c);
    expect(out.map((c) => c.length)).toEqual([1_600, 1_600]);
    expect(out[1]!.subarray(400).every((s) => s === 0)).toBe(true);
  });
});
