/**
 * Three vitest projects, so `npm test` (bash test/run.sh) runs everything and `bash test/run.sh <files>`
 * still runs just those files:
 * - unit: test/unit and test/integration, two files at a time (most of their time is spent waiting on
 *   child processes, sockets and timers, not on the CPU; one at a time, npm test lasted as long as all
 *   files added together), in two workers that keep their loaded modules from file to file (`isolate:
 *   false`): each file evaluating the app's modules again was most of the group's time (test/unit: 447 s
 *   isolated, 182 s not, same load; its CPU 231 s → 63 s). A file must therefore leave no state behind:
 *   environment variables and globals it stubs are restored after each test (`unstubEnvs`,
 *   `unstubGlobals`); module state (caches) must not change what another file sees;
 * - desktop: the files that drive the run's one X display (focus, keys, clipboard) or its sound server,
 *   one at a time, after the unit group: two of them at once would type into each other's windows;
 * - e2e: test/e2e/vitest.config.ts (builds the renderer once, then one Chromium file at a time), last.
 * `vitest run --project unit` runs the first group only. `npm test` (test/with-real-parts.sh) runs the
 * desktop group and the e2e group side by side, as two vitest runs: they share nothing (headless Chromium,
 * stand-in microphone, keychain and clipboard in e2e), and one run cannot hold two one-at-a-time groups.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import { WAIT_LIMIT_MS } from './test/harness/until.ts';

/** Files that share the run's X display or sound server (REAL_DISPLAY / REAL_AUDIO without one of their own). */
const DESKTOP = [
  'test/integration/features/dictation/*-x11.test.ts',
  'test/integration/features/dictation/insert-cli.test.ts',
  'test/integration/shells/preview/chromium-window.test.ts',
  'test/integration/core/audio/real-microphone.test.ts',
  'test/integration/shells/cli/streaming-cli.test.ts',
  'test/unit/shells/cli/dictate-insert.test.ts',
  'test/unit/core/audio/input-names.test.ts',
];

export default defineConfig({
  test: {
    // Limits for a stuck test, not speed targets: a test that starts the CLI a few times takes over 30 s
    // when the machine is loaded. Waits inside are generous too (test/harness/until.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: WAIT_LIMIT_MS } },
    setupFiles: ['test/harness/wait-defaults.ts'],
    pool: 'forks',
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DESKTOP],
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
          globalSetup: ['test/harness/cli-bundle.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'desktop',
          include: DESKTOP,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['test/harness/cli-bundle.ts'],
        },
      },
      './test/e2e/vitest.config.ts',
    ],
  },
});
