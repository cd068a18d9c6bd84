/**
 * End-to-end tests: the built renderer in real Chromium behind the test bridge. Run with
 *   npx vitest run --config test/e2e/vitest.config.ts            (or through bash test/run.sh … for Xvfb)
 * One file at a time: the machine has two cores and each file starts a browser.
 */
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
