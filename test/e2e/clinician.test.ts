/**
 * A clinician's own sign-in (a refresh token), in Chromium against the local service: the note is written
 * with the template of their note settings, so the Note screen names it and sends them to Settings rather
 * than offering a per-visit picker the service would ignore; Disconnect revokes the sign-in on the service.
 */
import { describe, expect, it } from 'vitest';
import { connectAsClinician, nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

describe('a clinician sign-in', () => {
  const { service } = servicePerFile();
  const h = appPerFile();

  it('shows the template of the note settings, changed in Settings, and signs out on Disconnect', async () => {
    const { page } = h;
    const user = service.service.control.createUser({ external_id: 'e2e-clinician' });
    const tokens = await service.service.control.mintUserTokens(user.id);

    await connectAsClinician(page, service.url, tokens.refresh_token);

    // Settings: choose SOAP as the default template.
    await nav(page, 'Settings').click();
    const picker = page.getByLabel('Template', { exact: true });
    await expect.poll(() => picker.locator('option').count()).toBeGreaterThan(1);
    await picker.selectOption({ label: 'SOAP note' });
    await page.getByRole('button', { name: 'Use as my default' }).click();
    await expect.poll(() => page.getByTestId('settings-saved').textContent()).toBe('Settings saved.');

    // Note: the template is named, not offered as a choice that would do nothing.
    await nav(page, 'Note').click();
    const shown = page.getByTestId('settings-template');
    await expect.poll(() => shown.textContent()).toContain('SOAP');
    expect(await shown.textContent()).toContain('From your note settings');
    expect(await page.getByRole('combobox', { name: 'Template' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/05-note-clinician-template.png`, fullPage: true });
    await shown.getByRole('button', { name: 'Change it in Settings' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Settings');

    // Disconnect revokes the sign-in on the service before forgetting it here.
    await nav(page, 'Connect').click();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => page.getByTestId('connection-summary').textContent()).toContain('Not connected');
    const logout = service.service.control.requests.filter((r) => r.path.endsWith('/jwt/logout'));
    expect(logout.map((r) => r.status)).toEqual([204]);
    expect(await h.cspViolations()).toEqual([]);
  });
});
