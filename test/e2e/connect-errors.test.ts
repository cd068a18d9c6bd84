/**
 * Connect's failures in Chromium (issue 19): each one names what failed — a missing field, the address, the
 * network, the keychain — in Connect's own words, and the green status of the connection in use (here the
 * sample's) is not left shown above it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, nav } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';
import { MemorySecretStore } from '../../main/base/secrets/memory-secret-store.ts';
import { SecretStoreError } from '../../main/base/secrets/secret-store.ts';

async function connect(page: Page, address: string, token: string): Promise<string> {
  await page.getByLabel('Service address').fill(address);
  await page.getByLabel('Clinician sign-in token').check();
  await page.getByLabel('Sign-in token', { exact: true }).fill(token);
  await page.getByRole('form', { name: 'Organization' }).getByRole('button', { name: 'Connect' }).click();
  const error = page.locator('p.error[data-code]');
  await expect.poll(() => error.count()).toBe(1);
  return (await error.textContent()) ?? '';
}

/** The keychain stand-in, until the test breaks it (the sample visit keeps its keys first). */
class BreakableKeychain extends MemorySecretStore {
  broken = false;
  override async get(account: string): Promise<string | undefined> {
    if (this.broken) throw new SecretStoreError('keychain_unavailable', 'no Secret Service');
    return super.get(account);
  }
  override async set(account: string, value: string): Promise<void> {
    if (this.broken) throw new SecretStoreError('keychain_unavailable', 'no Secret Service');
    return super.set(account, value);
  }
}

describe('Connect when connecting fails', () => {
  const keychain = new BreakableKeychain();
  const h = appPerFile({ secrets: keychain });

  it('is connected to the sample first', async () => {
    await h.page.getByRole('button', { name: 'Start the sample visit' }).click();
    await expect.poll(() => h.page.locator('h1').textContent()).toBe('Visit');
    await nav(h.page, 'Connect').click();
    await expect
      .poll(() => h.page.getByTestId('connection-summary').textContent())
      .toContain('built-in local service');
  });

  it('says a sign-in token is missing', async () => {
    const said = await connect(h.page, 'https://us.scribe.invalid', '');
    expect(said).toContain('sign-in token');
    expect(said).not.toContain('not valid');
  });

  it('names a client ID that is not a UUID, and keeps the key pasted', async () => {
    const { page } = h;
    await page.getByLabel('Service address').fill('https://us.scribe.invalid');
    await page.getByLabel('Server credentials (OAuth client)').check();
    await page.getByLabel('OAuth client ID').fill('my-clinic-client');
    await page.getByLabel('Private key (PEM)').fill('-----BEGIN PRIVATE KEY-----');
    await page.getByRole('form', { name: 'Organization' }).getByRole('button', { name: 'Connect' }).click();
    const error = page.locator('p.error[data-code]');
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.textContent()).toContain('OAuth client ID is not in the right shape');
    expect(await page.getByLabel('Private key (PEM)').inputValue()).toBe('-----BEGIN PRIVATE KEY-----');
  });

  it('says the address names no region', async () => {
    const said = await connect(h.page, 'https://scribe.invalid', 'token-123');
    expect(said).toContain('region (us or eu)');
  });

  it('says the address could not be reached, not the keychain nor a visit’s Start', async () => {
    const { page } = h;
    await page.getByLabel('Service address').fill('https://us.scribe.invalid');
    await page.getByLabel('Sign-in token', { exact: true }).fill('token-123');
    await page.getByRole('form', { name: 'Organization' }).getByRole('button', { name: 'Connect' }).click();
    const card = page.locator('section[aria-labelledby="status-heading"]');
    await expect.poll(() => card.innerText()).toMatch(/could not be reached/i);
    expect(await card.innerText()).not.toMatch(/keychain|press Start/);
    // The sample's green "Connected" is not left above the failure.
    expect(await page.getByTestId('connection-summary').textContent()).not.toContain(
      'built-in local service',
    );
    expect(await page.locator('[data-testid="connection-summary"].healthy').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/19-connect-unreachable.png`, fullPage: true });
  });

  it('says the keychain cannot keep the sign-in, in Connect’s words', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Start the sample visit' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Visit');
    await nav(page, 'Connect').click();
    await expect.poll(() => page.locator('[data-testid="connection-summary"].healthy').count()).toBe(1);
    keychain.broken = true;
    const said = await connect(h.page, `http://127.0.0.1:9`, 'token-123');
    expect(said).toContain('this sign-in cannot be kept');
    expect(said).toContain('press Connect again');
    expect(said).not.toContain('visit');
    // Refused: what was typed stays, to send again once the keychain is back.
    expect(await page.getByLabel('Sign-in token', { exact: true }).inputValue()).toBe('token-123');
    // The sample's green "Connected" is not left shown above the failure.
    expect(await page.locator('[data-testid="connection-summary"].healthy').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/19-connect-keychain.png`, fullPage: true });
  });
});
