/**
 * The system browser of a sign-in test: Debian's Chromium through Playwright. `open(url)` is what the app
 * calls to open the browser; the driver then acts as the clinician would on the identity provider's
 * pages (types the login and password when asked, confirms sign-out). One browser context is one
 * browser profile, so the identity provider's session cookie lives on between sign-ins, as it would.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sharedChromium } from '../../e2e/bridge/browser.ts';

/** A browser the test drives. */
export interface BrowserDriver {
  /** Give this to the app as its OpenBrowser port. */
  open(url: string): Promise<void>;
  /** URLs the app opened, in order. */
  readonly opened: string[];
  /** How many times the login form was filled. */
  readonly logins: number;
  /** While true, opened pages are left alone (the person has not acted yet). */
  idle: boolean;
  /** Waits until every page the driver is working on has finished. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A browser profile of its own (a context in the test process's one Chromium); the clinician signs in as
 * `login` (any password: the test provider's own form).
 */
export async function startBrowserDriver(login: string): Promise<BrowserDriver> {
  const browser: Browser = await sharedChromium();
  const context: BrowserContext = await browser.newContext();
  const opened: string[] = [];
  const work: Promise<void>[] = [];
  let logins = 0;

  async function act(page: Page, url: string): Promise<void> {
    await page.goto(url);
    const form = page.locator('input[name="login"]');
    if ((await form.count()) > 0) {
      logins += 1;
      await form.fill(login);
      await page.locator('input[name="password"]').fill('any password');
      await page.locator('button[type="submit"]').click();
    } else if ((await page.locator('button[name="logout"][value="yes"]').count()) > 0) {
      await page.locator('button[name="logout"][value="yes"]').click(); // "Yes, sign me out"
      await page.waitForURL((next) => !next.pathname.startsWith('/session/end/confirm'));
    }
    await page.waitForLoadState();
  }

  const driver: BrowserDriver = {
    opened,
    idle: false,
    get logins() {
      return logins;
    },
    async open(url) {
      opened.push(url);
      if (driver.idle) return;
      const page = await context.newPage();
      // Like a real browser, opening returns at once; the person acts on the page afterwards.
      work.push(act(page, url).finally(() => page.close().catch(() => undefined)));
    },
    async settle() {
      await Promise.all(work.splice(0));
    },
    async close() {
      await context.close();
    },
  };
  return driver;
}
