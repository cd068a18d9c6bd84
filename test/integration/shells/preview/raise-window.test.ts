/**
 * A second `npm start` brings the first preview's window to the front (issue 31 item 17): the first, asked,
 * activates its Chromium window through the window manager, here after another window took the focus.
 * Real parts: a private Xvfb with openbox, Debian's Chromium, a Tk window as the other application.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openX11Desktop, type X11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { findChromium } from '../../../../main/shells/preview/chromium.ts';
import { raiseWindowOf } from '../../../../main/shells/preview/first-preview.ts';
import { startDisplay, TkField, type TestDisplay } from '../../features/dictation/x11-harness.ts';

let display: TestDisplay;
let desktop: X11Desktop;
let profile: string;
beforeAll(async () => {
  display = await startDisplay();
  desktop = openX11Desktop(display.display);
  profile = await mkdtemp(join(tmpdir(), 'scribe-raise-'));
});
// Stubbed for each test: the run restores stubbed variables before every test (vitest.config.ts).
beforeEach(() => {
  vi.stubEnv('DISPLAY', display.display);
});
afterAll(async () => {
  await desktop?.close();
  display?.close();
  vi.unstubAllEnvs();
  await rm(profile, { recursive: true, force: true, maxRetries: 5 });
});

const activePid = async () => (await desktop.activeWindow())?.pid;
/** Waits for the focused window's process (a loaded machine can take many seconds to open Chromium). */
const focused = () => expect.poll(activePid, { timeout: 60_000 });

describe('the first preview, asked by a second start', () => {
  it('brings its window to the front after another window took the focus', { timeout: 120_000 }, async () => {
    const chromium = spawn(
      findChromium()!,
      ['--app=data:text/html,first', `--user-data-dir=${profile}`, '--no-first-run', '--no-sandbox'],
      { env: display.env, stdio: 'ignore' },
    );
    try {
      await focused().toBe(chromium.pid);
      const other = await TkField.open(display, 'other application');
      try {
        await focused().not.toBe(chromium.pid);
        await raiseWindowOf(chromium.pid);
        await focused().toBe(chromium.pid);
      } finally {
        await other.close();
      }
    } finally {
      chromium.kill();
    }
  });
});
