/**
 * The preview's app-mode window runs on a throw-away Chromium profile: the folder must be gone once the
 * window has closed, however it closed (the clinician closed it, the preview stopped it, it never started).
 */
import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppWindow, type AppWindow } from '../../../../main/shells/preview/chromium.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scribe-window-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The profile folder the window was given. */
function profileOf(window: AppWindow): string {
  const flag = window.process.spawnargs.find((a) => a.startsWith('--user-data-dir='));
  return flag!.slice('--user-data-dir='.length);
}

/** Processes (Linux) whose command line names the profile: the browser, its helpers, its crash handler. */
async function processesUsing(profile: string): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const using = await Promise.all(
    pids.map((pid) =>
      readFile(`/proc/${pid}/cmdline`, 'utf8').then(
        (cmdline) => cmdline.includes(profile),
        () => false,
      ),
    ),
  );
  return pids.filter((_, i) => using[i]);
}

describe('the preview window profile', () => {
  it('is removed when the browser exits by itself (the window was closed)', async () => {
    // A stand-in browser: writes into its profile as Chromium does, then exits as a closed window does.
    const browser = join(dir, 'browser.sh');
    await writeFile(
      browser,
      '#!/bin/sh\nfor a in "$@"; do case "$a" in --user-data-dir=*) d="${a#--user-data-dir=}";; esac; done\n' +
        'mkdir -p "$d/Default" && echo "{}" > "$d/Default/Preferences"\n',
    );
    await chmod(browser, 0o755);
    const window = await openAppWindow(browser, 'http://127.0.0.1:1/index.html');
    const profile = profileOf(window);
    expect(profile.startsWith(join(tmpdir(), 'scribe-preview-'))).toBe(true);
    expect(await window.closed).toBe(0);
    expect(existsSync(profile)).toBe(false);
  });

  it('keeps the address (and its one-time secret) off the command line: a private launch page opens it', async () => {
    const browser = join(dir, 'waiting-browser.sh');
    await writeFile(browser, '#!/bin/sh\nsleep 30\n');
    await chmod(browser, 0o755);
    const url = 'http://127.0.0.1:1/index.html#bridge=0123456789abcdef';
    const window = await openAppWindow(browser, url);
    try {
      expect(window.process.spawnargs.join(' ')).not.toContain('0123456789abcdef');
      if (process.platform === 'linux')
        expect(await readFile(`/proc/${window.process.pid}/cmdline`, 'utf8')).not.toContain(
          '0123456789abcdef',
        );
      const app = window.process.spawnargs.find((a) => a.startsWith('--app='))!.slice('--app='.length);
      const page = fileURLToPath(app);
      expect(page.startsWith(profileOf(window))).toBe(true);
      expect((await stat(page)).mode & 0o777).toBe(0o600);
      expect((await stat(profileOf(window))).mode & 0o777).toBe(0o700);
      expect(await readFile(page, 'utf8')).toContain(`location.replace(${JSON.stringify(url)})`);
    } finally {
      window.close();
      await window.closed;
    }
  });

  it('is removed when the browser cannot start', async () => {
    const window = await openAppWindow(join(dir, 'no-such-browser'), 'http://127.0.0.1:1/index.html');
    const profile = profileOf(window);
    expect(await window.closed).toBeNull();
    expect(existsSync(profile)).toBe(false);
  });

  it.skipIf(!process.env.REAL_DISPLAY || process.platform !== 'linux')(
    'is removed when the preview closes a real Chromium window, after Chromium wrote to it',
    async () => {
      const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
      const window = await openAppWindow(chromium, 'data:text/html,<title>profile</title>');
      const profile = profileOf(window);
      await expect.poll(() => readdir(profile).then((names) => names.length)).toBeGreaterThan(0);
      window.close();
      await window.closed;
      // Chromium's helpers outlive the browser by a moment and re-create the folder unless waited for.
      expect(await processesUsing(profile)).toEqual([]);
      expect(existsSync(profile)).toBe(false);
    },
  );

  it.skipIf(!process.env.REAL_DISPLAY || process.platform !== 'linux')(
    "gives the page the system's language, with no chromium-l10n installed (issue 31 item 16)",
    async () => {
      const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
      // The page reports the languages it sees back to this server.
      const seen: string[] = [];
      const server = createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        if (url.pathname === '/seen') seen.push(url.searchParams.get('languages') ?? '');
        response.setHeader('content-type', 'text/html');
        response.end("<script>fetch('/seen?languages=' + navigator.languages.join(','))</script>");
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const window = await openAppWindow(chromium, `http://127.0.0.1:${port}/`, ['fr-FR', 'fr']);
      try {
        await expect.poll(() => seen, { timeout: 60_000 }).toEqual(['fr-FR,fr']);
      } finally {
        window.close();
        await window.closed;
        server.close();
      }
    },
  );
});
