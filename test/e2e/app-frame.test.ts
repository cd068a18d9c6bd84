/**
 * The app frame in Chromium: it opens on Connect when nothing is connected, and the tray's "Start visit"
 * (an `app:command` main pushes) only opens the Visit screen, focus on its heading; no visit starts. A later
 * screen whose code cannot be loaded says so, and the frame goes on working.
 */
import { describe, expect, it } from 'vitest';
import { SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';

describe('the app frame', () => {
  const h = appPerFile();

  it("opens the Visit screen on the tray's Start visit, without starting a visit", async () => {
    const { page } = h;
    await expect.poll(() => page.locator('h1').textContent()).toBe('Connect');
    h.bridge.emit('app:command', { command: 'start-visit' });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Visit');
    await expect.poll(() => page.evaluate('document.activeElement?.tagName')).toBe('H1');
    expect(await page.getByTestId('visit-phase').textContent()).toBe('Ready');
    expect(h.app.visit.state.phase).toBe('idle');
    expect(h.microphones).toEqual([]);
  });

  it('says a screen that cannot be loaded must wait for a restart, and the other screens still open', async () => {
    const { page } = h;
    // The Settings screen's chunk is refused, as when the app's files were changed under it.
    await page.route(/SettingsView[^/]*\.js$/, (route) => route.abort());
    const tabs = page.getByRole('navigation');
    await tabs.getByRole('button', { name: 'Settings' }).click();
    const failed = page.getByTestId('screen-failed');
    await expect.poll(() => failed.textContent()).toContain('The Settings screen could not be opened.');
    expect(await page.locator('h1').textContent()).toBe('Visit'); // where the clinician was
    await page.screenshot({ path: `${SHOTS}/screen-failed.png` });
    await tabs.getByRole('button', { name: 'Note' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Note');
    expect(await failed.count()).toBe(0);
  });
});
