/**
 * One browser preview per data folder, and a second `npm start` brings the first one's window to the front
 * (issue 31 item 17) instead of opening another or only saying where it is. The second asks the first
 * with SIGUSR2 (SIGUSR1 is Node's debugger); the first activates its Chromium window through the window
 * manager (X11, as pagers and xdotool do). `npm start` asks before it builds (npm-start.ts).
 */
import { join } from 'node:path';
import { lockHolderPid } from '../../base/files/process-lock.ts';
import { defaultUserDataDir } from '../../core/config/paths.ts';
import { noDisplay } from './chromium.ts';

/** The lock file in the data folder held while a preview runs on it. */
export const PREVIEW_LOCK = 'preview.lock';

/** The signal a second start sends the first preview: bring your window to the front. */
const FOCUS_SIGNAL = 'SIGUSR2';

/** SCRIBE_DATA_DIR, else the platform's data folder (the settings, the keychain's names, the journals). */
export function previewDataDir(env: NodeJS.ProcessEnv): string {
  return env.SCRIBE_DATA_DIR?.trim() || defaultUserDataDir();
}

/**
 * Asks the preview running on `dataDir`, if any, to bring its window to the front: true when one runs and
 * was asked (the line said is then the caller's), false when none runs there.
 */
export async function focusRunningPreview(dataDir: string): Promise<boolean> {
  const pid = await lockHolderPid(join(dataDir, PREVIEW_LOCK));
  if (pid === undefined) return false;
  try {
    if (process.platform !== 'win32') process.kill(pid, FOCUS_SIGNAL);
  } catch {
    // Gone since: the caller's line still names the folder, and a new start will find it free.
  }
  return true;
}

/** The line a second start says once it has asked the first preview to the front. */
export function alreadyOpenLine(dataDir: string): string {
  return `The browser preview is already open on ${dataDir}: its window was brought to the front (a second one would share its settings and visits). SCRIBE_DATA_DIR names another data folder.`;
}

/** What `npm start` does after its first step (package.json's "start" reads the exit code). */
export const BEFORE_BUILD = { focused: 0, build: 1, cannotOpen: 2 } as const;

/**
 * `npm start`'s first step, before it builds (about 20 s): no display (Linux) → says so, and nothing is built
 * (neither Electron nor the preview could open a window); a preview already running on the data folder →
 * its window is brought to the front; else → build and start.
 */
export async function beforeBuild(
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
  complain: (line: string) => void,
  platform: NodeJS.Platform = process.platform,
): Promise<(typeof BEFORE_BUILD)[keyof typeof BEFORE_BUILD]> {
  const display = noDisplay(env, platform);
  if (display) {
    complain(`Could not start: ${display}.`);
    return BEFORE_BUILD.cannotOpen;
  }
  const dataDir = previewDataDir(env);
  if (!(await focusRunningPreview(dataDir))) return BEFORE_BUILD.build;
  say(alreadyOpenLine(dataDir));
  return BEFORE_BUILD.focused;
}

/**
 * While the preview runs: brings the window of the browser process `browserPid` to the front when a second
 * start asks. Returns the function that stops listening.
 */
export function raiseOnRequest(browserPid: number | undefined): () => void {
  const raise = (): void => void raiseWindowOf(browserPid);
  process.on(FOCUS_SIGNAL, raise);
  return () => void process.off(FOCUS_SIGNAL, raise);
}

/** Activates the top-level window of `pid` through the X window manager; nothing where it cannot. */
export async function raiseWindowOf(pid: number | undefined): Promise<void> {
  if (pid === undefined || process.platform !== 'linux') return;
  try {
    const { openX11Desktop } = await import('../../../native/x11/x11-desktop.ts');
    const desktop = openX11Desktop();
    try {
      const [window] = desktop.windowsOf(pid);
      if (window) await desktop.activate(window);
    } finally {
      await desktop.close();
    }
  } catch {
    // No X display or no libXtst (Wayland only): the second start has said where the preview is.
  }
}
