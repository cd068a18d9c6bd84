/**
 * The Connect screen of a managed installation whose policy names the organization's identity provider:
 * "Sign in with your organization" by keyboard, the waiting state and its Cancel, a cancelled sign-in said
 * plainly, then a real sign-in (the provider's page in a second Chromium, driven as the clinician; the
 * broker as a child process) ending connected as that clinician. Server credentials are not offered.
 */
import { describe, expect, it } from 'vitest';
import { unnamedFocusables } from './a11y.ts';
import { SHOTS } from './bridge/fixtures.ts';
import { organizationPerFile } from './bridge/per-file.ts';

describe('Connect: sign in with your organization', () => {
  const { idp, browser, h } = organizationPerFile();

  it('offers the organization sign-in, not server credentials, all reachable by keyboard', async () => {
    const { page } = h;
    const button = page.getByRole('button', { name: 'Sign in with your organization' });
    await expect.poll(() => button.count()).toBe(1);
    expect(await page.getByText(new URL(idp.issuer).host).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Private key (PEM)').count()).toBe(0);
    expect(await page.getByLabel('Sign-in token', { exact: true }).count()).toBe(1);
    expect(await unnamedFocusables(page, 'Connect')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/connect-organization.png`, fullPage: true });
  });

  it('waits for the browser, can be cancelled, and says so plainly', async () => {
    const { page } = h;
    browser.idle = true; // the clinician has not acted in the browser yet
    await page.getByRole('button', { name: 'Sign in with your organization' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('sign-in-waiting').count()).toBe(1);
    await expect.poll(() => browser.opened.length).toBe(1);
    await page.screenshot({ path: `${SHOTS}/connect-organization-waiting.png`, fullPage: true });
    // Focus moved to Cancel, so Enter cancels.
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.textContent.trim()'))
      .toBe('Cancel sign-in');
    await page.keyboard.press('Enter');
    const error = page.locator('.error[data-code="sign_in_failed"]');
    await expect.poll(() => error.textContent().catch(() => '')).toContain('cancelled');
    expect(await page.getByRole('button', { name: 'Sign in with your organization' }).isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/connect-organization-cancelled.png`, fullPage: true });
  });

  it('signs in through the browser and the broker, connected as the clinician', async () => {
    const { page } = h;
    browser.idle = false;
    await page.getByRole('button', { name: 'Sign in with your organization' }).click();
    await expect
      .poll(() => page.getByTestId('connection-summary').textContent())
      .toContain('Connected to 127.0.0.1');
    await browser.settle();
    expect(h.app.connections.status()).toMatchObject({ caller: 'user', healthy: true });
    expect(await page.getByTestId('sign-in-connected').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign in with your organization' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/connect-organization-signed-in.png`, fullPage: true });
  });
});
