/**
 * The one wait of the tests: polls a condition the code under test brings about. Plain (not vi.waitFor),
 * so the benchmarks can run it outside vitest.
 */

/**
 * How long a wait may last before it fails naming what it waited for: under the tests' own 60 s limit,
 * and long on purpose. On a loaded machine everything is slow, not broken; a wait that must be quick is a
 * timing target, and timing targets belong in `npm run bench`, not in a test.
 */
export const WAIT_LIMIT_MS = 25_000;

/** Resolves once `check()` holds; throws "timed out waiting for <what>" after `limitMs`. */
export async function until(
  check: () => boolean,
  what = 'condition',
  limitMs = WAIT_LIMIT_MS,
): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
