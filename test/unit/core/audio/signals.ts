/** Test signals and measurements shared by the audio tests. */

/** A sine as floats in [-1, 1]. */
export function sine(hz: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const n = Math.round(rate * seconds);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** A sine as int16. */
export function sine16(hz: number, seconds: number, amplitude = 0.5, rate = 16_000): Int16Array {
  return Int16Array.from(sine(hz, rate, seconds, amplitude), (v) => Math.round(v * 32_767));
}

/** Frequency from upward zero crossings (interpolated), skipping `skip` samples at each edge. */
export function estimateHz(x: ArrayLike<number>, rate: number, skip = 0): number {
  const crossings: number[] = [];
  for (let i = skip + 1; i < x.length - skip; i++) {
    const a = x[i - 1] ?? 0;
    const b = x[i] ?? 0;
    if (a < 0 && b >= 0) crossings.push(i - 1 + a / (a - b));
  }
  const first = crossings[0] ?? 0;
  const last = crossings[crossings.length - 1] ?? 0;
  return ((crossings.length - 1) * rate) / (last - first);
}

/** Peak absolute value between `skip` and length - skip. */
export function peak(x: ArrayLike<number>, skip = 0): number {
  let p = 0;
  for (let i = skip; i < x.length - skip; i++) p = Math.max(p, Math.abs(x[i] ?? 0));
  return p;
}

/** RMS between `skip` and length - skip. */
export function rms(x: ArrayLike<number>, skip = 0): number {
  let s = 0;
  let n = 0;
  for (let i = skip; i < x.length - skip; i++) {
    s += (x[i] ?? 0) ** 2;
    n++;
  }
  return Math.sqrt(s / n);
}
