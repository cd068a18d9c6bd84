/**
 * Finds the system's Chromium (or Chrome) and opens one app-mode window on a throw-away profile, removed
 * once the browser has exited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const CANDIDATES: Record<string, readonly string[]> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/snap/bin/chromium'],
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
  ],
};

/** CHROMIUM_PATH, else the first browser found in the usual places; null when there is none. */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return (CANDIDATES[platform] ?? []).find((path) => existsSync(path)) ?? null;
}

/** The flags of the app-mode window: its own profile, no first-run pages, nothing fetched in the background. */
export function appWindowArgs(url: string, profileDir: string, runningAsRoot: boolean): string[] {
  return [
    `--app=${url}`,
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--window-size=1280,900',
    // Chromium refuses to start as root without it (containers, CI).
    ...(runningAsRoot ? ['--no-sandbox'] : []),
  ];
}

/** An open app-mode window. */
export interface AppWindow {
  readonly process: ChildProcess;
  /**
   * Settles once the browser and its helper processes have exited (or it never started) and its profile
   * folder is gone: the browser's exit code, null when it did not start.
   */
  readonly closed: Promise<number | null>;
  /** Asks the browser and its helpers to quit (SIGTERM); `closed` settles when they have. */
  close(): void;
}

/** How long the helpers may outlive the browser (they may still write to the profile) before SIGKILL. */
const HELPERS_EXIT_MS = 5_000;

/**
 * Opens `url` in an app-mode window on a new profile folder in the temp folder. On POSIX the browser leads
 * its own process group, so its helpers can be waited for: they write to the profile after the browser
 * has exited, and would otherwise re-create the removed folder.
 */
export async function openAppWindow(chromium: string, url: string): Promise<AppWindow> {
  const profile = await mkdtemp(join(tmpdir(), 'scribe-preview-'));
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const group = process.platform !== 'win32';
  const child = spawn(chromium, appWindowArgs(url, profile, root), { stdio: 'ignore', detached: group });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null)); // not started: no 'exit' follows
  });
  const closed = exited.then(async (code) => {
    if (group && child.pid !== undefined) await groupGone(child.pid);
    await rm(profile, { recursive: true, force: true, maxRetries: 5 });
    return code;
  });
  const close = (): void => {
    if (group && child.pid !== undefined) signalGroup(child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  };
  return { process: child, closed, close };
}

/** Sends `signal` to every process of the group; false when none is left. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once no process of the group is left (helpers still running after HELPERS_EXIT_MS are killed). */
async function groupGone(pgid: number): Promise<void> {
  const deadline = Date.now() + HELPERS_EXIT_MS;
  while (signalGroup(pgid, 0)) {
    if (Date.now() > deadline) signalGroup(pgid, 'SIGKILL');
    await delay(50);
  }
}
