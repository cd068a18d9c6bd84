import { describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES } from '../../../../main/core/audio/audio-source.ts';
import { Chunker, chunkFrames } from '../../../../main/core/audio/chunker.ts';

function ramp(n: number, from = 0): Int16Array {
  return Int16Array.from({ length: n }, (_, i) => ((from + i) % 30_000) + 1);
}

describe('Chunker', () => {
  it('cuts frames of odd sizes into exact 1600-sample chunks, in order, losing nothing', () => {
    const chunker = new Chunker();
    const input = ramp(10_000);
    const chunks: Int16Array[] = [];
    for (let at = 0, size = 1; at < input.length; at += size, size = (size * 7 + 3) % 997 || 1) {
      chunks.push(...chunker.push(input.subarray(at, at + size)));
    }
    expect(chunks.every((c) => c.length === CHUNK_SAMPLES)).toBe(true);
    expect(chunks).toHaveLength(Math.floor(10_000 / CHUNK_SAMPLES));
    expect(chunker.pendingSamples).toBe(10_000 % CHUNK_SAMPLES);
    const last = chunker.flush();
    expect(last).not.toBeNull();
    const joined = Int16Array.from(chunks.flatMap((c) => [...c]).concat([...last!]));
    expect([...joined.subarray(0, 10_000)]).toEqual([...input]);
    expect(joined.subarray(10_000).every((s) => s === 0)).toBe(true);
  });

  it('carries a remainder across pushes and splits one big frame into many chunks', () => {
    const chunker = new Chunker();
    expect(chunker.push(ramp(1_000))).toHaveLength(0);
    const out = chunker.push(ramp(5_000, 1_000));
    expect(out).toHaveLength(3);
    expect(out[1]![0]).toBe(ramp(1, 1_600)[0]);
    expect(chunker.pendingSamples).toBe(6_000 - 4_800);
  });

  it('flushes nothing when no audio is pending, and chunks are not shared buffers', () => {
    const chunker = new Chunker();
    const [a] = chunker.push(ramp(1_600));
    const [b] = chunker.push(ramp(1_600, 5));
    expect(chunker.flush()).toBeNull();
    expect(a).not.toBe(b);
    expect(a![0]).toBe(1);
  });

  it('chunkFrames ends a frame stream with a zero-padded last chunk', async () => {
    async function* frames() {
      yield { samples: ramp(1_000) };
      yield { samples: ramp(1_000, 1_000) };
    }
    const out: Int16Array[] = [];
    for await (const c of chunkFrames(frames())) out.push(c);
    expect(out.map((c) => c.length)).toEqual([1_600, 1_600]);
    expect(out[1]![399]).toBe(2_000);
    expect(out[1]![400]).toBe(0);
  });
});
