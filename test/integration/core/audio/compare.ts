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

/** `x` without its runs of exact zeros `minRun` samples long or longer (digital silence). */
export function withoutDigitalSilence(x: Int16Array, minRun = 160): Int16Array {
  const kept: number[] = [];
  let run = 0;
  for (let i = 0; i <= x.length; i++) {
    if (i < x.length && x[i] === 0) {
      run++;
      continue;
    }
    if (run > 0 && run < minRun) for (let k = 0; k < run; k++) kept.push(0);
    run = 0;
    if (i < x.length) kept.push(x[i]!);
  }
  return Int16Array.from(kept);
}

/** Normalized correlation of `a` with `b` from `at` (0 where either is silent or `b` is too short). */
function correlationAt(a: Int16Array, b: Int16Array, at: number): number {
  if (at < 0 || at + a.length > b.length) return -1;
  let sum = 0;
  let ea = 0;
  let eb = 0;
  for (let i = 0; i < a.length; i++) {
    const va = a[i]!;
    const vb = b[at + i]!;
    sum += va * vb;
    ea += va * va;
    eb += vb * vb;
  }
  return ea > 0 && eb > 0 ? sum / Math.sqrt(ea * eb) : 0;
}

/**
 * How closely `b` follows `a`, block by block (100 ms): each block of `a` is found in `b` near where the
 * last one was (within `drift` samples; the first within `maxLag`), and the blocks' correlations are
 * averaged by their energy. Unlike one correlation at one lag, a few samples gained or lost between blocks
 * (digital silence left out of both, of slightly different lengths) do not ruin the rest.
 */
export function blockCorrelation(
  a: Int16Array,
  b: Int16Array,
  maxLag = 1_600,
  block = 1_600,
  drift = 160,
): number {
  let lag: number | undefined;
  let weighted = 0;
  let energy = 0;
  for (let at = 0; at + block <= a.length; at += block) {
    const part = a.subarray(at, at + block);
    const [from, to] = lag === undefined ? [-maxLag, maxLag] : [lag - drift, lag + drift];
    let best = { value: -1, lag: from };
    for (let l = from; l <= to; l++) {
      const value = correlationAt(part, b, at + l);
      if (value > best.value) best = { value, lag: l };
    }
    lag = best.lag;
    let e = 0;
    for (const v of part) e += v * v;
    weighted += best.value * e;
    energy += e;
  }
  return energy > 0 ? weighted / energy : 0;
}
