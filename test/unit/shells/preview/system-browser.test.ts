/**
 * The preview opens "Sign in with your organization" in the system browser (issue 19): the command per
 * platform, a real program started, and nothing but web addresses.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { browserCommand, openInSystemBrowser } from '../../../../main/shells/preview/system-browser.ts';

describe('the preview’s system browser', () => {
  it('opens an address with each platform’s opener', () => {
    const url = 'https://id.example.org/authorize?state=s';
    expect(browserCommand('linux', url)).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserCommand('darwin', url)).toEqual({ command: 'open', args: [url] });
    expect(browserCommand('win32', url).args.slice(-2)).toEqual(['""', `"${url}"`]);
  });

  it('starts the opener with the address, and refuses anything but http(s)', async () => {
    const started: string[][] = [];
    // A real program stands in for xdg-open: it is started, detached, with the address as its argument.
    const run = ((command: string, args: string[], options: object) => {
      started.push([command, ...args]);
      return spawn('true', [], options);
    }) as unknown as typeof spawn;
    await openInSystemBrowser('https://id.example.org/authorize', 'linux', run);
    expect(started).toEqual([['xdg-open', 'https://id.example.org/authorize']]);
    await expect(openInSystemBrowser('file:///etc/passwd', 'linux', run)).rejects.toThrow();
    expect(started).toHaveLength(1);
  });

  it('rejects when the opener is missing, so the sign-in says it could not open the browser', async () => {
    const missing = ((_: string, args: string[], options: object) =>
      spawn('/nonexistent/opener', args, options)) as unknown as typeof spawn;
    await expect(openInSystemBrowser('https://id.example.org/', 'linux', missing)).rejects.toThrow();
  });
});
