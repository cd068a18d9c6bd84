import { describe, expect, it } from 'vitest';
import { Resampler } from '../../../../main/core/audio/resampler.ts';
import { SAMPLE_RATE } from '../../../../main/core/audio/audio-source.ts';
import { estimateHz, peak, rms, sine } from './signals.ts';

/** Resamples a whole buffer (a short clip). */
function resampleAll(input: Float32Array, fromRate: number, toRate: number = SAMPLE_RATE): Float32Array {
  const r = new Resampler(fromRate, toRate);
  const a = r.push(input);
  const b = r.flush();
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

const EDGE = 200; // samples at each end left out of measurements (filter start-up)

describe('Resampler', () => {
  it.each([8_000, 11_025, 22_050, 44_100, 48_000, 96_000])(
    'keeps a 1 kHz sine from %i Hz: frequency, amplitude, duration',
    (rate) => {
      const out = resampleAll(sine(1_000, rate, 2, 0.5), rate);
      expect(Math.abs(out.length - 32_000) / 32_000).toBeLessThan(0.01);
      expect(estimateHz(out, 16_000, EDGE)).toBeCloseTo(1_000, 0);
      expect(peak(out, EDGE)).toBeGreaterThan(0.49);
      expect(peak(out, EDGE)).toBeLessThan(0.51);
      expect(rms(out, EDGE)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    },
  );

  it('removes tones above the new Nyquist instead of folding them back (anti-aliasing)', () => {
    const out = resampleAll(sine(11_000, 48_000, 1, 0.5), 48_000); // would alias to 5 kHz
    expect(rms(out, EDGE)).toBeLessThan(0.5 * 0.001); // below -60 dB
  });

  it('gives the same output streamed in odd blocks as in one go', () => {
    const input = sine(700, 44_100, 1, 0.3);
    const whole = resampleAll(input, 44_100);
    const r = new Resampler(44_100);
    const parts: number[] = [];
    for (let at = 0, n = 1; at < input.length; at += n, n = (n * 5 + 17) % 3001 || 1)
      parts.push(...r.push(input.subarray(at, at + n)));
    parts.push(...r.flush());
    expect(parts).toHaveLength(whole.length);
    let maxDiff = 0;
    for (let i = 0; i < whole.length; i++)
      maxDiff = Math.max(maxDiff, Math.abs((whole[i] ?? 0) - (parts[i] ?? 0)));
    expect(maxDiff).toBeLessThan(1e-6);
  });

  it('passes 16 kHz through untouched', () => {
    const input = sine(440, 16_000, 0.1);
    const out = resampleAll(input, 16_000);
    expect([...out]).toEqual([...input]);
  });

  it('rejects nonsense rates', () => {
    expect(() => new Resampler(0)).toThrow(RangeError);
    expect(() => new Resampler(44_100.5)).toThrow(RangeError);
  });
});
