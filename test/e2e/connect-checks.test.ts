/**
 * The Connect screen with a failing check, in Chromium: the check crosses as a code and closed params and
 * the renderer words it (preload/words). The identity service's own "Reason given" text
 * is outside text: with a canary in it, the canary reaches neither what the window is sent nor the screen.
 */
import { describe, expect, it } from 'vitest';
import { connectWithServerCredentials, nav, SHOTS, unknownClient } from './bridge/fixtures.ts';
import { appPerFile, refusingServicePerFile } from './bridge/per-file.ts';

const CANARY = 'CANARY-reason-7f3a Jane Doe DOB 1970-01-01';

/** Records in the page every connection status main pushes (through the same bridge as the renderer). */
const LISTEN = `(() => {
  globalThis.__statusPushes = [];
  globalThis.scribe.onConnectStatus((s) => globalThis.__statusPushes.push(s));
})()`;

describe('a failing connection check on the Connect screen, in Chromium', () => {
  const service = refusingServicePerFile({
    code: 40101,
    name: 'InvalidClient',
    message: CANARY,
    trace_id: 'trace-e2e-1',
  });
  const h = appPerFile({ viewport: { width: 1100, height: 900 } });

  it('words the refused sign-in in the window, and the service’s own reason never reaches it', async () => {
    const { page } = h;
    await nav(page, 'Connect').click();
    await page.evaluate(LISTEN);
    await connectWithServerCredentials(page, service.url, unknownClient(), 'Sign-in');
    await expect
      .poll(() => page.getByTestId('connection-summary').textContent())
      .toMatch(/^\s*Sign-in: The service refused these credentials\. Check the client ID and key with IT\./);
    const summary = (await page.getByTestId('connection-summary').textContent())!;
    expect(summary).toContain('(HTTP 401, code 40101, trace trace-e2e-1)');
    const list = page.locator('ul.checks');
    await expect.poll(() => list.locator('li.fail').textContent()).toContain('Sign-in');
    expect(await list.locator('li.skipped').textContent()).toContain('Needs a working sign-in first.');
    await page.screenshot({ path: `${SHOTS}/connect-failing-check.png`, fullPage: true });

    // What the window was sent (the pushes and the status it asks for) and what it shows.
    const pushes = await page.evaluate('JSON.stringify(globalThis.__statusPushes)');
    const asked = await page.evaluate('window.scribe.connectStatus().then((r) => JSON.stringify(r))');
    expect(JSON.parse(pushes as string).length).toBeGreaterThan(0);
    expect(asked).toContain('"sign-in"');
    for (const sent of [pushes, asked, await page.content()]) {
      expect(sent).not.toContain('CANARY-reason');
      expect(sent).not.toContain('Jane Doe');
      expect(sent).not.toContain('Reason given');
    }
    // The words come from the zod-free words module: the window still runs without an eval.
    expect(await h.cspViolations()).toEqual([]);
  });
});
