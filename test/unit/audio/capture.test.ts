import { describe, expect, it } from 'vitest';
import { AudioCapture } from '../../../main/audio/capture.ts';
import { FakeAudioSource } from '../../../main/audio/fake-source.ts';
import type { LevelReading } from '../../../main/audio/level-meter.ts';
import { concatInt16 } from '../../../main/audio/pcm.ts';
import type { SilenceTransition } from '../../../main/audio/silence-detector.ts';
import { sine16 } from './signals.ts';

const ramp = (n: number): Int16Array => Int16Array.from({ length: n }, (_, i) => (i % 20_000) + 1);

describe('AudioCapture', () => {
  it('starts the chunk stream with the last 300 ms heard while armed (pre-roll)', async () => {
    const audio = ramp(16_000);
    const source = new FakeAudioSource({ samples: audio, frameSamples: 480, pace: 'realtime' });
    const capture = new AudioCapture(source, { preRollMs: 300 });
    const levels: LevelReading[] = [];
    capture.onDidLevel((r) => levels.push(r));
    capture.arm();
    while (levels.length < 10) await new Promise((r) => setTimeout(r, 10)); // ≥ 500 ms heard
    const chunks: Int16Array[] = [];
    for await (const c of capture.start()) chunks.push(c);
    const out = concatInt16(chunks);
    expect(chunks.every((c) => c.length === 1_600)).toBe(true);
    // Pre-roll begins 4800 samples before the start point, then the audio continues without a gap.
    const first = out[0]!;
    const startedAt = first - 1 + 4_800;
    expect(startedAt).toBeGreaterThanOrEqual(8_000);
    const expectedLength = 16_000 - (first - 1);
    expect([...out.subarray(0, expectedLength)]).toEqual([...audio.subarray(first - 1)]);
    expect(out.subarray(expectedLength).every((s) => s === 0)).toBe(true); // zero-padded last chunk
    expect(levels).toHaveLength(20);
  });

  it('reports silence transitions as audio goes quiet and loud again', async () => {
    const audio = concatInt16([sine16(300, 0.5, 0.3), new Int16Array(32_000), sine16(300, 0.5, 0.3)]);
    const capture = new AudioCapture(new FakeAudioSource({ samples: audio }), {
      silence: { minSilenceMs: 1_000 },
    });
    const transitions: SilenceTransition[] = [];
    capture.onDidChangeSilence((t) => transitions.push(t));
    let chunks = 0;
    for await (const _ of capture.start()) chunks++;
    expect(chunks).toBe(Math.ceil(audio.length / 1_600));
    expect(transitions).toEqual([
      { state: 'silence', atSample: 8_000 },
      { state: 'speech', atSample: 40_000 },
    ]);
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
});
