/**
 * End-to-end tests: the built renderer in real Chromium behind the browser shell. A project of the root
 * vitest.config.ts, so `npm test` runs them after the unit group; alone:
 *   bash test/run.sh test/e2e/            (or npx vitest run --project e2e)
 * One file at a time: the machine has two cores and each file starts the app. All in one process that keeps
 * its loaded modules and its one Chromium from file to file (`isolate: false`, bridge/browser.ts
 * `sharedChromium`): each app gets a browser context of its own, and a file must leave nothing running.
 */
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: ROOT,
  test: {
    name: 'e2e',
    root: ROOT, // as a project, vitest would otherwise root it at this file's folder
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts', 'test/harness/cli-bundle.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A screen may take a while on a loaded machine: poll for it generously (test/harness/until.ts).
    expect: { poll: { timeout: 30_000 } },
    setupFiles: ['test/harness/wait-defaults.ts'],
    pool: 'forks',
    isolate: false,
    fileParallelism: false,
    sequence: { groupOrder: 2 },
  },
});
