/**
 * The CSP in real Chromium: the built app runs under the app's CSP header without a single violation,
 * and an inline script shipped in a page served with the same header is blocked (securitypolicyviolation).
 * (`page.evaluate` bypasses CSP, so the probe is a real inline <script> in the HTML.)
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../main/core/window/security-policy.ts';
import { launchChromium } from './bridge/browser.ts';
import { nav } from './bridge/fixtures.ts';
import { CSP_RECORDER, startApp } from './bridge/harness.ts';
import { startStaticServer } from '../../main/shells/preview/static-server.ts';

const PROBE = `<!doctype html><html><head><title>probe</title></head><body>
<p id="out">inline script did not run</p>
<script>document.getElementById('out').textContent = 'inline script ran'; window.__inlineRan = true;</script>
<div style="color: red" id="styled">inline style attribute</div>
</body></html>`;

describe('content security policy in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the built app with the CSP header and runs it without violations', async () => {
    const h = await startApp({ browser });
    try {
      const response = await h.page.request.get(`${h.server.origin}/index.html`);
      expect(response.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
      // Exercise every screen so lazily rendered markup is covered too.
      for (const name of ['Visit', 'Note', 'Codes & more', 'Settings', 'Connect']) {
        await nav(h.page, name).click();
        await expect.poll(() => h.page.locator('h1').textContent()).toBe(name);
      }
      expect(await h.page.title()).toBe("Preview — not the clinician's app · Scribe Desktop");
      // The bridge's one-time secret leaves the address as soon as the page read it.
      expect(await h.page.evaluate('location.hash')).toBe('');
      expect(await h.page.getByTestId('preview-banner').textContent()).toMatch(
        /^Browser preview — not the clinician's app\./,
      );
      expect(await h.cspViolations()).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('blocks an inline script and an inline style attribute shipped in a page', async () => {
    const server = await startStaticServer({ extraPages: { '/probe.html': PROBE } });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript({ content: CSP_RECORDER });
      await page.goto(`${server.origin}/probe.html`);
      await expect
        .poll(() =>
          page.evaluate(() =>
            (globalThis as unknown as { __cspViolations: string[] }).__cspViolations.slice(),
          ),
        )
        .toEqual(
          expect.arrayContaining([expect.stringMatching(/^script-src/), expect.stringMatching(/^style-src/)]),
        );
      expect(await page.locator('#out').textContent()).toBe('inline script did not run');
      expect(
        await page.evaluate(() => (globalThis as unknown as { __inlineRan?: boolean }).__inlineRan),
      ).toBeUndefined();
    } finally {
      await context.close();
      await server.close();
    }
  });
});
