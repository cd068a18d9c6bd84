/**
 * The CSP in a real Chromium (Debian's, through playwright-core): a page served with APP_RESPONSE_HEADERS
 * tries an inline script, an inline style attribute, eval, a remote script and a fetch to the network. The
 * app's own script must run and report every violation (page.evaluate would bypass CSP, so the page
 * reports through its own allowed script). Skipped where Chromium (CHROMIUM_PATH) is missing.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_RESPONSE_HEADERS } from '../../../../main/core/window/security-policy.ts';
import { CHROMIUM_PATH, launchChromium } from '../../../e2e/bridge/browser.ts';

const PAGE = `<!doctype html><html><head>
<script src="/app.js"></script>
<script>window.inlineRan = true;</script>
<script src="https://cdn.example.invalid/x.js"></script>
</head><body><div id="styled" style="color: red">x</div></body></html>`;

const APP_JS = `
window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.effectiveDirective));
window.appRan = true;
window.addEventListener('load', async () => {
  try { eval('1'); window.evalRan = true; } catch { window.evalBlocked = true; }
  try { await fetch('http://127.0.0.1:9/'); } catch { window.fetchBlocked = true; }
  window.done = true;
});`;

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { ...APP_RESPONSE_HEADERS };
    if (req.url === '/app.js')
      res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(APP_JS);
    else res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.skipIf(!existsSync(CHROMIUM_PATH))('CSP in Chromium', () => {
  it('runs the app script and blocks inline code, eval, remote scripts and network fetches', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/index.html`);
      // Strings, not functions: this file is type-checked without DOM types, and the code runs in the page.
      await page.waitForFunction('window.done === true');
      const state = (await page.evaluate(`({
        appRan: window.appRan,
        inlineRan: window.inlineRan ?? false,
        evalRan: window.evalRan ?? false,
        fetchBlocked: window.fetchBlocked,
        color: getComputedStyle(document.getElementById('styled')).color,
        violations: [...new Set(window.violations)].sort(),
      })`)) as {
        appRan: boolean;
        inlineRan: boolean;
        evalRan: boolean;
        fetchBlocked: boolean;
        color: string;
        violations: string[];
      };
      expect(state).toMatchObject({ appRan: true, inlineRan: false, evalRan: false, fetchBlocked: true });
      expect(state.color).not.toBe('rgb(255, 0, 0)');
      // eval → script-src; inline and remote <script> → script-src-elem; style="…" → style-src-attr.
      expect(state.violations).toEqual(['connect-src', 'script-src', 'script-src-elem', 'style-src-attr']);
    } finally {
      await browser.close();
    }
  }, 30_000);
});
