/** Finds the system's Chromium (or Chrome) and opens one app-mode window on a throw-away profile. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** Opens `url` in an app-mode window; the process exits when the window is closed. */
export async function openAppWindow(chromium: string, url: string): Promise<ChildProcess> {
  const profile = await mkdtemp(join(tmpdir(), 'scribe-preview-'));
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return spawn(chromium, appWindowArgs(url, profile, root), { stdio: 'ignore' });
}
