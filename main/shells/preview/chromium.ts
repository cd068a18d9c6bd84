/**
 * Finds the system's Chromium (or Chrome) and opens one app-mode window on a throw-away profile, removed
 * once the browser has exited, in the system's languages. The address to open (it carries the bridge's
 * one-time secret) never goes on the browser's command line, which every local account can read (/proc,
 * ps): the window opens a launch page in the profile folder (0600 in a 0700 folder), which replaces itself
 * with that address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

/**
 * Why no window can open here, or null: on Linux a browser window needs an X or Wayland display. Without
 * one Chromium exits at once, and the preview would look as if it had been closed (exit 0).
 */
export function noDisplay(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (platform !== 'linux' || env.DISPLAY?.trim() || env.WAYLAND_DISPLAY?.trim()) return null;
  return 'there is no display here (neither DISPLAY nor WAYLAND_DISPLAY is set): run npm start in a desktop session, or under xvfb-run';
}

/**
 * The system's languages on Linux as BCP 47 tags, from the locale variables (LANGUAGE's list, then the first
 * of LC_ALL, LC_MESSAGES, LANG that is set; "C" and "POSIX" name none): `fr_FR.UTF-8` → `fr-FR`. Empty
 * elsewhere: Chrome and Edge on Windows and macOS follow the OS's own setting.
 */
export function systemLanguages(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string[] {
  if (platform !== 'linux') return [];
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].map((v) => v?.trim()).find((v) => v);
  if (!locale || locale === 'C' || locale === 'POSIX' || locale.startsWith('C.')) return [];
  const tags = [...(env.LANGUAGE?.split(':') ?? []), locale]
    .map((raw) => raw.trim().split(/[.@]/)[0]!.replace('_', '-'))
    .filter((tag) => /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(tag));
  return [...new Set(tags)];
}

/** The flags of the app-mode window: its own profile, no first-run pages, nothing fetched in the background. */
export function appWindowArgs(
  url: string,
  profileDir: string,
  runningAsRoot: boolean,
  languages: readonly string[] = [],
): string[] {
  return [
    `--app=${url}`,
    // Chromium's own menus in the system's language (when Debian's chromium-l10n is installed); the page's
    // languages come from the profile's preferences (profilePreferences), which need no such package.
    ...(languages[0] ? [`--lang=${languages[0]}`] : []),
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    // Fills the screen's work area, whatever its size (1280×900 ran off a 900-px screen, under its panels);
    // un-maximized, a size that fits a 1366×768 laptop.
    '--start-maximized',
    '--window-size=1200,700',
    // Chromium refuses to start as root without it (containers, CI).
    ...(runningAsRoot ? ['--no-sandbox'] : []),
  ];
}

/**
 * The new profile's preferences: the languages the page sees (`navigator.languages`, the window's language
 * when no setting or policy names one). Debian's Chromium without chromium-l10n ignores the OS language
 * and `--lang` alike and says en-US; an accept-languages preference is honoured with or without it.
 */
export function profilePreferences(languages: readonly string[]): string | null {
  if (languages.length === 0) return null;
  return `${JSON.stringify({ intl: { accept_languages: languages.join(',') } })}\n`;
}

/** The launch page's name in the profile folder. */
const LAUNCH_PAGE = 'open-scribe.html';

/** A page that replaces itself with `url` (no history entry to go back to). */
function launchPage(url: string): string {
  // JSON.stringify escapes quotes and backslashes; "<" is escaped so no "</script>" can close the script.
  const target = JSON.stringify(url).replace(/</g, '\\u003c');
  return `<!doctype html><meta charset="utf-8"><title>Scribe Desktop</title><script>location.replace(${target});</script>\n`;
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
export async function openAppWindow(
  chromium: string,
  url: string,
  languages: readonly string[] = [],
): Promise<AppWindow> {
  const profile = await mkdtemp(join(tmpdir(), 'scribe-preview-'));
  const launch = join(profile, LAUNCH_PAGE);
  await writeFile(launch, launchPage(url), { mode: 0o600 });
  const preferences = profilePreferences(languages);
  if (preferences) {
    await mkdir(join(profile, 'Default'), { mode: 0o700 });
    await writeFile(join(profile, 'Default', 'Preferences'), preferences, { mode: 0o600 });
  }
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const group = process.platform !== 'win32';
  const args = appWindowArgs(pathToFileURL(launch).href, profile, root, languages);
  const child = spawn(chromium, args, { stdio: 'ignore', detached: group });
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
