/** Debian's Chromium through playwright-core, with the flags that work as root on this machine. */
import { chromium, type Browser } from 'playwright-core';

/** The Chromium binary (CHROMIUM_PATH, else Debian's). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches a headless Chromium. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every file this test process runs (the e2e group keeps one process for all its files:
 * `isolate: false`), launched on first use and again if it went away; each app gets its own browser
 * context (cookies, storage, locale), so files share the browser process and nothing else. Playwright
 * stops it when the process exits. Launching one per app cost a second or more each time under load.
 */
export function sharedChromium(): Promise<Browser> {
  const current = shared;
  if (current) return current.then((b) => (b.isConnected() ? b : relaunch()));
  return relaunch();
}

function relaunch(): Promise<Browser> {
  shared = launchChromium();
  shared.catch(() => (shared = undefined));
  return shared;
}
