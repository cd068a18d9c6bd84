/**
 * Every screen in the development pseudo-locale (en-XA: English accented and about 40 % longer, see
 * preload/words/pseudo.ts), so a layout that breaks with longer words is caught before a translator sees
 * it: nothing wider than the window, no English left, and a screenshot of each screen to look at
 * (test-artifacts/screenshots/pseudo-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS } from './bridge/fixtures.ts';
import { startApp, type AppHarness } from './bridge/harness.ts';

/** Elements whose text is cut off or spills out sideways, by tag and a piece of their text. */
const OVERFLOWING = `() => [...document.querySelectorAll('body *')]
  .filter((e) => e.checkVisibility() && e.children.length === 0 && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1
    && getComputedStyle(e).overflowX !== 'visible' && (e.textContent ?? '').trim())
  .map((e) => e.tagName + ': ' + (e.textContent ?? '').trim().slice(0, 40))`;

describe('the window in the pseudo-locale', () => {
  let h: AppHarness;
  beforeAll(async () => {
    h = await startApp({ locale: 'en-XA' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows every screen accented and longer, nothing cut off or wider than the window', async () => {
    const { page } = h;
    const tabs = page.getByRole('navigation').getByRole('button');
    await expect.poll(() => tabs.first().textContent()).toMatch(/^⟦/);
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      await expect.poll(() => page.locator('h1').textContent()).toMatch(/^⟦.*⟧$/);
      const name = (await page.locator('main').getAttribute('data-screen')) ?? String(i);
      await page.screenshot({ path: `${SHOTS}/pseudo-${i}-${name}.png`, fullPage: true });
      const wide = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(wide, `screen ${i} is wider than the window`).toBeLessThanOrEqual(0);
      expect(await page.evaluate(`(${OVERFLOWING})()`), `screen ${i}`).toEqual([]);
    }
  });
});
