/**
 * Two vitest projects, so `npm test` (bash test/run.sh) runs everything and `bash test/run.sh <files>`
 * still runs just those files:
 * - unit: test/unit and test/integration, files in parallel up to vitest's default worker count (cores - 1:
 *   one file at a time on 2 cores);
 * - e2e: test/e2e/vitest.config.ts (builds the renderer once, then one Chromium file at a time). It runs
 *   after the unit group (groupOrder) so browsers never compete with timing-sensitive integration tests
 *   for the two cores. `vitest run --project unit` skips it.
 */
import { defineConfig } from 'vitest/config';
import { WAIT_LIMIT_MS } from './test/harness/until.ts';

export default defineConfig({
  test: {
    // Limits for a stuck test, not speed targets: a test that starts the CLI a few times takes over 30 s
    // when the machine is loaded. Waits inside are generous too (test/harness/until.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: WAIT_LIMIT_MS } },
    setupFiles: ['test/harness/wait-defaults.ts'],
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          globalSetup: ['test/harness/cli-bundle.ts'],
        },
      },
      './test/e2e/vitest.config.ts',
    ],
  },
});
