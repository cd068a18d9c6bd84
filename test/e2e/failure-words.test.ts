/**
 * A failure the window words from a code and closed params (preload/words), in Chromium
 * against a service on loopback whose clock is 4 minutes ahead: a Start whose sign-in the service refuses
 * names the clock's offset from a number (auth_failed {offsetMs}); the service's own reason never shows.
 * Screenshot: failure-clock.png.
 */
import { describe, expect, it } from 'vitest';
import { connectWithServerCredentials, nav, SHOTS, unknownClient } from './bridge/fixtures.ts';
import { appPerFile, refusingServicePerFile } from './bridge/per-file.ts';

const CANARY = 'CANARY-reason-5c1e Jane Doe DOB 1970-01-01';
const AHEAD_MS = 4 * 60_000;

describe('a refused sign-in with the clock minutes off, in Chromium', () => {
  const service = refusingServicePerFile({ code: 40101, name: 'InvalidClient', message: CANARY }, AHEAD_MS);
  const h = appPerFile({ viewport: { width: 1100, height: 900 } });

  it('the Visit screen says by how much the clock is off, from a number main sent', async () => {
    const { page } = h;
    await nav(page, 'Connect').click();
    await connectWithServerCredentials(page, service.url, unknownClient(), 'Sign-in');

    await nav(page, 'Visit').click();
    await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    const failure = page.locator('p.failure');
    await failure.waitFor();
    expect(await failure.innerText()).toBe(
      "The service did not accept the sign-in. Sign in again on the Connect screen (a clinician sign-in may have expired or been revoked; organization credentials are checked by IT). This computer's clock is 4 minutes behind the service's (allowed for; check its date and time).",
    );
    expect(await page.content()).not.toContain('CANARY-reason');
    await page.screenshot({ path: `${SHOTS}/failure-clock.png`, fullPage: true });
  });
});
