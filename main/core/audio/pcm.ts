/** Small PCM helpers shared by the meter, the WAV reader and the resampler. */

/** Full scale of int16 audio: dBFS is measured against this. */
export const INT16_FULL_SCALE = 32_768;

/** The floor reported for digital silence instead of -Infinity. */
export const DBFS_FLOOR = -120;

/** Converts a linear amplitude (0..1 of full scale) to dBFS, floored at DBFS_FLOOR. */
export function toDbfs(linear: number): number {
  if (!(linear > 0)) return DBFS_FLOOR;
  return Math.max(DBFS_FLOOR, 20 * Math.log10(linear));
}

/** Converts float samples in [-1, 1] to int16 with rounding and clipping. */
export function floatToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.round((samples[i] ?? 0) * INT16_FULL_SCALE);
    out[i] = v > 32_767 ? 32_767 : v < -32_768 ? -32_768 : v;
  }
  return out;
}

/** Joins int16 arrays into one. */
export function concatInt16(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
