/**
 * The app frame in Chromium: it opens on Connect when nothing is connected, and the tray's "Start visit"
 * (an `app:command` main pushes) only opens the Visit screen, focus on its heading; no visit starts.
 */
import { describe, expect, it } from 'vitest';
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
});
