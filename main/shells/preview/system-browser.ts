/**
 * The system browser for the preview's "Sign in with your organization" (issue 19: the preview dropped it
 * because it had no way to open a browser). As in the app (RFC 8252), the person's own default browser, never
 * the preview's app window; its loopback redirect is the same as the app's. Only http(s) addresses are opened.
 */
import { spawn } from 'node:child_process';

/** How a platform opens an address in its default browser: the program and its arguments. */
export function browserCommand(platform: NodeJS.Platform, url: string): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is the window title, so an empty one comes first.
  if (platform === 'win32') return { command: 'cmd', args: ['/d', '/s', '/c', 'start', '""', `"${url}"`] };
  return { command: 'xdg-open', args: [url] };
}

/** Opens `url` in the default browser (rejects when the opener cannot be started). */
export function openInSystemBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
  run: typeof spawn = spawn,
): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return Promise.reject(new Error('not_a_web_address')); // a code: only http(s) is opened
  const { command, args } = browserCommand(platform, parsed.href);
  return new Promise((resolve, reject) => {
    const child = run(command, args, {
      stdio: 'ignore',
      detached: true,
      windowsVerbatimArguments: platform === 'win32',
    });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
