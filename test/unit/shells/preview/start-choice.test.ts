/** What `npm start` runs when Electron's binary is missing: fetch it (a faked install step), else the preview. */
import { describe, expect, it } from 'vitest';
import {
  chooseShell,
  oneLine,
  type ChooseShellOptions,
  type InstallStep,
} from '../../../../main/shells/preview/electron-fetch.ts';

/** A node_modules/electron whose binary appears when the faked install step succeeds. */
function setup(install: (state: { binary: string | null }, signal: AbortSignal) => Promise<unknown>) {
  const state: { binary: string | null; installs: number; fetching: number } = {
    binary: null,
    installs: 0,
    fetching: 0,
  };
  const step: InstallStep = (signal) => {
    state.installs++;
    return install(state, signal) as ReturnType<InstallStep>;
  };
  const options = (over: Partial<ChooseShellOptions> = {}): ChooseShellOptions => ({
    binary: () => state.binary,
    install: step,
    env: {},
    timeoutMs: 200,
    onFetching: () => void state.fetching++,
    ...over,
  });
  return { state, options };
}

describe('npm start without Electron binary', () => {
  it('runs the installed binary without fetching anything', async () => {
    const { state, options } = setup(async () => ({ ok: true }));
    state.binary = '/x/dist/electron';
    expect(await chooseShell(options())).toEqual({ shell: 'electron', binary: '/x/dist/electron' });
    expect(state.installs).toBe(0);
  });

  it('fetches the binary with the install step, then runs Electron', async () => {
    const { state, options } = setup(async (s) => {
      s.binary = '/x/dist/electron';
      return { ok: true };
    });
    expect(await chooseShell(options())).toEqual({ shell: 'electron', binary: '/x/dist/electron' });
    expect(state).toMatchObject({ installs: 1, fetching: 1 });
  });

  it('opens the preview, saying why, when the download fails', async () => {
    const { options } = setup(async () => ({ ok: false, why: 'TypeError: fetch failed' }));
    expect(await chooseShell(options())).toEqual({
      shell: 'preview',
      why: 'its download failed (TypeError: fetch failed)',
    });
  });

  it('opens the preview when the install step throws', async () => {
    const { options } = setup(async () => {
      throw new Error('spawn ENOENT\n    at stack');
    });
    expect(await chooseShell(options())).toEqual({
      shell: 'preview',
      why: 'its download failed (Error: spawn ENOENT)',
    });
  });

  it('gives up on a download that hangs, and stops it', async () => {
    let stopped = false;
    const { options } = setup(
      (_s, signal) =>
        new Promise((resolve) =>
          signal.addEventListener('abort', () => {
            stopped = true;
            resolve({ ok: false, why: 'aborted' });
          }),
        ),
    );
    expect(await chooseShell(options({ timeoutMs: 50 }))).toEqual({
      shell: 'preview',
      why: 'its download did not finish within 0 s',
    });
    expect(stopped).toBe(true);
  });

  it('opens the preview when a finished download left no binary', async () => {
    const { options } = setup(async () => ({ ok: true }));
    expect((await chooseShell(options())).shell).toBe('preview');
  });

  it.each([
    [
      { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      'its download is skipped (ELECTRON_SKIP_BINARY_DOWNLOAD is set)',
    ],
    [{ npm_config_offline: 'true' }, 'its download is skipped (npm is offline)'],
  ])('does not try to download when told not to (%o)', async (env, why) => {
    const { state, options } = setup(async () => ({ ok: true }));
    expect(await chooseShell(options({ env }))).toEqual({ shell: 'preview', why });
    expect(state.installs).toBe(0);
  });

  it('still fetches when the skip variable says no', async () => {
    const { state, options } = setup(async (s) => {
      s.binary = '/b';
      return { ok: true };
    });
    await chooseShell(options({ env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '0', npm_config_offline: 'false' } }));
    expect(state.installs).toBe(1);
  });

  it('says a failure in one short line, without a private mirror’s password', () => {
    const said = oneLine('\nHTTPError: 401 for https://me:s3cret@mirror.example/electron\n    at x');
    expect(said).toBe('HTTPError: 401 for https://mirror.example/electron');
    expect(oneLine('x'.repeat(500)).length).toBe(160);
  });
});
