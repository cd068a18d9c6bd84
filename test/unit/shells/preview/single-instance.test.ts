/**
 * A second `npm start` on the same data folder opens no second preview: it asks the first to bring its
 * window to the front, and says so (issue 31 item 17); `npm start` asks before it builds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProcessLock } from '../../../../main/base/files/process-lock.ts';
import { runBrowserPreview } from '../../../../main/shells/preview/preview.ts';
import {
  BEFORE_BUILD,
  beforeBuild,
  PREVIEW_LOCK,
  raiseOnRequest,
} from '../../../../main/shells/preview/first-preview.ts';
import { buildSteps, npmStart } from '../../../../main/shells/preview/npm-start.ts';
import packageJson from '../../../../package.json' with { type: 'json' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.restoreAllMocks();
});

describe('one browser preview per data folder (issue 31 item 17)', () => {
  it('a second start asks the first preview to the front, naming the folder, and opens nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-preview-once-'));
    const first = await ProcessLock.acquire(join(dataDir, PREVIEW_LOCK));
    cleanups.push(async () => {
      await first?.release();
      await rm(dataDir, { recursive: true, force: true });
    });
    expect(first).toBeDefined();
    // The first preview is this process here (the lock's holder): the request is sent to it.
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const env = { DISPLAY: ':0', CHROMIUM_PATH: join(dataDir, 'no-browser'), SCRIBE_DATA_DIR: dataDir };
    expect(await runBrowserPreview('why', env)).toBe(0);
    expect(kill).toHaveBeenCalledWith(process.pid, 'SIGUSR2');
    expect(lines).toEqual([expect.stringMatching(/already open on .*its window was brought to the front/)]);
    expect(lines[0]).toContain(dataDir);
    expect(error).not.toHaveBeenCalled();
  });

  it('the running preview listens for that request only while its window is open', () => {
    const before = process.listenerCount('SIGUSR2');
    const stop = raiseOnRequest(undefined);
    expect(process.listenerCount('SIGUSR2')).toBe(before + 1);
    stop();
    expect(process.listenerCount('SIGUSR2')).toBe(before);
  });

  it('npm start looks for a running preview before it builds, in a script any OS runs (no shell syntax)', async () => {
    expect(packageJson.scripts.start).toBe('tsx main/shells/preview/start.ts');
    const run = async (first: number, failing?: string) => {
      const done: string[] = [];
      const code = await npmStart(
        {
          beforeBuild: async () => (done.push('look'), first),
          build: async (args) => (done.push(args.join(' ')), args[0] === failing ? 3 : 0),
          start: async () => (done.push('start'), 0),
        },
        [['build.config.mjs'], ['vite.js', 'build']],
      );
      return [code, done.join(', ')];
    };
    expect(await run(BEFORE_BUILD.focused)).toEqual([0, 'look']);
    expect(await run(BEFORE_BUILD.cannotOpen)).toEqual([2, 'look']);
    expect(await run(BEFORE_BUILD.build)).toEqual([0, 'look, build.config.mjs, vite.js build, start']);
    expect(await run(BEFORE_BUILD.build, 'build.config.mjs')).toEqual([3, 'look, build.config.mjs']);
    // The real steps: the config bundle, then Vite's own script under this Node.
    expect(buildSteps()).toEqual([
      ['build.config.mjs'],
      [expect.stringMatching(/vite[\\/]bin[\\/]vite\.js$/), 'build'],
    ]);
  });

  it('without a display says so and builds nothing: the first step exits 2 and npm start stops there', async () => {
    const said: string[] = [];
    const dataDir = join(tmpdir(), 'scribe-preview-never-made');
    const env = { SCRIBE_DATA_DIR: dataDir };
    const code = await beforeBuild(
      env,
      (l) => said.push(`out ${l}`),
      (l) => said.push(`err ${l}`),
      'linux',
    );
    expect(code).toBe(BEFORE_BUILD.cannotOpen);
    expect(said).toEqual([expect.stringMatching(/^err Could not start: there is no display here/)]);
    expect(
      await beforeBuild(
        { ...env, DISPLAY: ':9' },
        () => undefined,
        () => undefined,
        'linux',
      ),
    ).toBe(BEFORE_BUILD.build);
    // npm start then stops there with that code (npmStart, tested above).
  });
});
