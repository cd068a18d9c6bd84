/**
 * Every screen in the development pseudo-locale (en-XA: English accented and about 40 % longer, see
 * preload/words/pseudo.ts), so a layout that breaks with longer words is caught before a translator sees
 * it: nothing wider than the window, no English left, and a screenshot of each screen to look at
 * (test-artifacts/screenshots/pseudo-*.png): first as a newcomer sees them, then after the sample visit,
 * with a transcript, a note, codes, orders and instructions on them. Dictation's parts are the preview's
 * own (as `npm start` has them), so its screen and settings show what a clinician sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { previewDictationPlatform } from '../../main/shells/preview/preview-dictation.ts';
import { pseudoMessage } from '../../preload/words/pseudo.ts';
import { SHOTS } from './bridge/fixtures.ts';
import { startApp, type AppHarness } from './bridge/harness.ts';

/** Elements whose text is cut off or spills out sideways, by tag and a piece of their text. */
const OVERFLOWING = `() => [...document.querySelectorAll('body *')]
  .filter((e) => e.checkVisibility() && e.children.length === 0 && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1
    && getComputedStyle(e).overflowX !== 'visible' && (e.textContent ?? '').trim())
  .map((e) => e.tagName + ': ' + (e.textContent ?? '').trim().slice(0, 40))`;

/** An English label as the pseudo-locale shows it. */
const pseudo = (english: string): string => pseudoMessage(english) as string;

/** Each tab in turn: its heading pseudo, a screenshot, nothing wider than the window or cut off. */
async function everyScreen(page: Page, shot: string): Promise<void> {
  const tabs = page.getByRole('navigation').getByRole('button');
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(7);
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    // The tab is current once its screen is shown (a later screen's chunk loads first: screen-views.svelte.ts).
    await expect.poll(() => tabs.nth(i).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/^⟦.*⟧$/);
    await page.screenshot({ path: `${SHOTS}/pseudo-${shot}-${i}.png`, fullPage: true });
    const wide = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(wide, `${shot} screen ${i} is wider than the window`).toBeLessThanOrEqual(0);
    expect(await page.evaluate(`(${OVERFLOWING})()`), `${shot} screen ${i}`).toEqual([]);
  }
}

describe('the window in the pseudo-locale', () => {
  let h: AppHarness;
  beforeAll(async () => {
    h = await startApp({ locale: 'en-XA', dictation: previewDictationPlatform() });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows every screen accented and longer, nothing cut off or wider than the window', async () => {
    const tabs = h.page.getByRole('navigation').getByRole('button');
    await expect.poll(() => tabs.first().textContent()).toMatch(/^⟦/);
    await everyScreen(h.page, 'first');
  });

  it('and again with the sample visit on them: transcript, note, codes, orders, instructions', async () => {
    const { page } = h;
    await page.getByRole('navigation').getByRole('button').first().click(); // Connect
    await page.getByRole('button', { name: pseudo('Start the sample visit') }).click();
    await page.getByLabel(pseudo('The patient agreed to this visit being recorded and transcribed.')).check();
    await page.getByRole('button', { name: pseudo('Start recording') }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe(pseudo('Visit ended'));
    await page.getByRole('button', { name: pseudo('Write the note') }).click();
    await expect.poll(() => page.getByTestId('note-sentence').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: pseudo('Continue to codes') }).click();
    await expect.poll(() => page.getByTestId('conditions').count()).toBe(1);
    await page.getByRole('button', { name: pseudo('Suggest orders') }).click();
    await expect.poll(() => page.getByTestId('orders').count()).toBe(1);
    await page.getByRole('button', { name: pseudo('Write instructions') }).click();
    await expect.poll(() => page.getByTestId('instructions').count()).toBe(1);
    await everyScreen(page, 'sample');
  });
});
