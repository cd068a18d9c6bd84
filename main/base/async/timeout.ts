/**
 * The one "wait for this, but not longer than that": a promise raced against a timer that is always
 * cleared once either side wins, and never keeps a process alive on its own (what the work waits on, a
 * socket, a worker, a file write, does that). It uses the global timers, so tests that drive time with
 * vitest's fake timers drive it too.
 */

/**
 * Settles as `work` does if it settles within `ms`; otherwise resolves with `onTimeout` (work goes on, its
 * later outcome is ignored).
 */
export async function withTimeout<T, F>(work: Promise<T>, ms: number, onTimeout: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
