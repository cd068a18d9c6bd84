/** Measurements for comparing captured audio with its source. */

/**
 * Where the sound is: the sample range from the first to the last 10 ms window whose RMS is over
 * `relativeDb` below the loudest window; undefined when there is none.
 */
export function soundBounds(
  x: Int16Array,
  relativeDb = -35,
  window = 160,
): { start: number; end: number } | undefined {
  const levels: number[] = [];
  for (let at = 0; at + window <= x.length; at += window) {
    let s = 0;
    for (let i = at; i < at + window; i++) s += (x[i] ?? 0) ** 2;
    levels.push(Math.sqrt(s / window));
  }
  const loudest = Math.max(...levels);
  const limit = loudest * 10 ** (relativeDb / 20);
  const first = levels.findIndex((l) => l > limit);
  let last = levels.length - 1;
  while (last > first && (levels[last] ?? 0) <= limit) last--;
  if (first < 0) return undefined;
  return { start: first * window, end: (last + 1) * window };
}

/** Cuts leading and trailing windows (10 ms) whose RMS is under `relativeDb` below the loudest window. */
export function trimSilence(x: Int16Array, relativeDb = -35, window = 160): Int16Array {
  const bounds = soundBounds(x, relativeDb, window);
  return bounds ? x.slice(bounds.start, bounds.end) : new Int16Array(0);
}

/** Best normalized cross-correlation of b against a over lags in [-maxLag, maxLag]; returns value and lag. */
export function bestCorrelation(
  a: Int16Array,
  b: Int16Array,
  maxLag: number,
): { value: number; lag: number } {
  let best = { value: -1, lag: 0 };
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let sum = 0;
    let ea = 0;
    let eb = 0;
    const from = Math.max(0, -lag);
    const to = Math.min(a.length, b.length - lag);
    for (let i = from; i < to; i++) {
      const va = a[i] ?? 0;
      const vb = b[i + lag] ?? 0;
      sum += va * vb;
      ea += va * va;
      eb += vb * vb;
    }
    const value = ea > 0 && eb > 0 ? sum / Math.sqrt(ea * eb) : 0;
    if (value > best.value) best = { value, lag };
  }
  return best;
}
