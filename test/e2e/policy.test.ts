/**
 * Settings fixed by the organization, in Chromium: Connect shows the pinned service address and sign-in
 * method disabled with the reason (as each control's accessible description), Settings shows the locked
 * microphone and languages the same way and lists everything the policy sets; a policy change reaches the
 * open window without a reload. The app is the production composition root behind the browser shell, with
 * the real policy loader and watcher over a policy file, against the local service.
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { unnamedFocusables } from './a11y.ts';
import { nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

describe('Settings set by the organization', () => {
  const { service, client } = servicePerFile();
  let policy: Record<string, unknown>;
  const h = appPerFile(() => {
    policy = {
      serviceUrl: service.url,
      allowUserServiceUrlChange: false,
      signInMethod: 'server',
      speechLocales: ['ENGLISH_UK'],
      microphone: 'fixture-mic',
      noteLocale: 'ENGLISH_UK',
      journalRetentionHours: 12,
    };
    return { viewport: { width: 1280, height: 1000 }, policy };
  });

  it('Connect shows the pinned address and sign-in method, disabled, with the reason', async () => {
    const { page } = h;
    const address = page.getByLabel('Service address');
    await expect.poll(() => address.inputValue()).toBe(service.url);
    // A managed installation offers no sample visit (allowSampleVisit unset): nothing says to try one.
    await expect
      .poll(() => page.getByTestId('connection-summary').textContent())
      .toBe('Not connected. Enter your organization’s service address and credentials.');
    expect(await page.locator('body').innerText()).not.toMatch(/sample visit/i);
    expect(await address.isDisabled()).toBe(true);
    expect(await address.getAttribute('aria-describedby')).toBe('base-url-locked');
    expect(await page.locator('#base-url-locked').textContent()).toBe('Set by your organization');
    const server = page.getByLabel('Server credentials (OAuth client)');
    expect(await server.isChecked()).toBe(true);
    expect(await server.isDisabled()).toBe(true);
    expect(await page.getByLabel('Clinician sign-in token').isDisabled()).toBe(true);
    expect(await unnamedFocusables(page, 'Connect')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/connect-policy.png`, fullPage: true });

    // The pinned connection itself works: only the credentials are entered.
    await page.getByLabel('OAuth client ID').fill(client.id);
    await page.getByLabel('Private key (PEM)').fill(client.privateKeyPem);
    await page.getByRole('form', { name: 'Organization' }).getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => page.getByTestId('connection-summary').textContent())
      .toContain('Connected to 127.0.0.1');
  });

  it('Settings shows locked microphone and languages disabled with the reason, and lists the policy', async () => {
    const { page } = h;
    await nav(page, 'Settings').click();
    const mic = page.getByLabel('Clinician microphone');
    await expect.poll(() => mic.isDisabled()).toBe(true);
    expect(await mic.getAttribute('aria-describedby')).toBe('settings-mic-locked');
    expect(await page.getByLabel('Spoken language', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Spoken language', { exact: true }).inputValue()).toBe('ENGLISH_UK');
    const card = page.getByTestId('policy-card');
    expect(await card.getByRole('heading').textContent()).toBe('Set by your organization');
    const text = (await card.textContent()) ?? '';
    for (const expected of [
      'Service address',
      'Note language',
      'English (UK)',
      'Journal retention (hours)',
      '12',
    ])
      expect(text).toContain(expected);
    // Patient input is not locked: still free.
    expect(await page.getByLabel('Patient input').isDisabled()).toBe(false);
    expect(await unnamedFocusables(page, 'Settings')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/settings-policy.png`, fullPage: true });
  });

  it('a policy change reaches the open window without a reload', async () => {
    const { page } = h;
    const { microphone: _unlocked, ...rest } = policy;
    await writeFile(h.policyFile, JSON.stringify({ ...rest, noteLocale: 'FRENCH_FR' }));
    await expect.poll(() => page.getByLabel('Clinician microphone').isDisabled()).toBe(false);
    expect(await page.getByTestId('policy-card').textContent()).toContain('French (France)');
    expect(await page.getByTestId('locked-microphone').count()).toBe(0);
  });
});
