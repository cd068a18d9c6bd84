/**
 * The preview page in real Chromium (headless, through playwright-core): the window title and a banner say
 * plainly that this is not the clinician's app and dictates into its own box only; the banner sits above the app and
 * covers none of its controls; the page's console stays free of errors (no 404 for the icon Chromium asks
 * for). A small stand-in for the built renderer keeps this test quick; the e2e tests run the real one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserShell, type BrowserShell } from '../../../../main/shells/preview/shell.ts';
import type { AppHandlers } from '../../../../main/core/ipc/handler-slice.ts';
import { channels, fail } from '../../../../preload/contract/index.ts';

/** The renderer's index.html with one control at the very top, where a banner could cover it. */
const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scribe Desktop</title></head>
<body><div id="app"><header><button id="top">Start visit</button></header></div></body></html>`;

const handlers = Object.fromEntries(
  Object.keys(channels).map((name) => [name, () => fail('not_connected')]),
) as unknown as AppHandlers;

let dir: string;
let shell: BrowserShell;
let browser: Browser;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scribe-page-'));
  await writeFile(join(dir, 'index.html'), INDEX);
  shell = await startBrowserShell({
    rendererDir: dir,
    buildServices: async () => ({ handlers, close: async () => undefined }),
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
});
afterAll(async () => {
  await browser?.close();
  await shell?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the preview page', () => {
  it('says in its title and a banner that it is a preview with dictation into its own box only, covering no control', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 500 } });
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('response', (r) => void (r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`)));
    await page.goto(shell.url);
    expect(await page.title()).toBe("Preview — not the clinician's app · Scribe Desktop");
    const banner = page.getByTestId('preview-banner');
    expect(await banner.getAttribute('role')).toBe('note');
    expect(await banner.textContent()).toMatch(
      /^Browser preview — not the clinician's app\..*dictates into its own box only/,
    );
    const [bannerBox, buttonBox] = [await banner.boundingBox(), await page.locator('#top').boundingBox()];
    expect(bannerBox!.height).toBeGreaterThanOrEqual(24); // readable, not a corner badge
    expect(bannerBox!.width).toBeGreaterThan(850); // across the window (the page keeps its body margin)
    expect(buttonBox!.y).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height);
    const [x, y] = [buttonBox!.x + buttonBox!.width / 2, buttonBox!.y + buttonBox!.height / 2];
    expect(await page.evaluate(`document.elementFromPoint(${x}, ${y})?.id`)).toBe('top');
    await page.screenshot({ path: join(dir, 'preview.png') });
    // The window in French (issue 19): the banner and the title follow the window's language.
    await page.evaluate(`document.documentElement.lang = 'fr'`);
    await expect.poll(() => banner.textContent()).toMatch(/^Aperçu dans le navigateur — pas l’application/);
    expect(await page.title()).toBe('Aperçu — pas l’application du praticien · Scribe Desktop');
    expect(errors).toEqual([]);
  });

  it('answers the icon request Chromium makes without an error status', async () => {
    const response = await fetch(`${shell.origin}/favicon.ico`);
    expect(response.status).toBe(204);
  });
});
