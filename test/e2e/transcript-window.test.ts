/**
 * A long transcript in Chromium: 3,000 lines pushed as main pushes them; only the rows in view (plus a
 * few) are in the DOM, the list follows the newest line, scrolled to the top it shows the first line and
 * offers "Jump to latest", which brings the newest line back. A late line (an earlier start) lands in
 * its place. Screenshots: test-artifacts/screenshots/transcript-long-*.png.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptItem } from '../../preload/contract/index.ts';
import { nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';

const LINES = 3000;

const line = (i: number, startMs = i * 1000): TranscriptItem => ({
  id: `line-${i}`,
  // Every seventh line is long enough to wrap: rows differ in height, so measuring matters.
  text:
    i % 7 === 0
      ? `Line ${i}: the patient describes intermittent chest pain on exertion, relieved by rest, with no radiation to the arm or jaw, no sweating and no shortness of breath; it started three weeks ago after a viral illness.`
      : `Line ${i}: blood pressure was checked again today.`,
  speaker: i % 2 ? 'PATIENT' : 'DOCTOR',
  startMs,
  endMs: startMs + 900,
  final: true,
});

describe('a long transcript, windowed, in Chromium', () => {
  const h = appPerFile();
  let page: Page;
  beforeAll(() => {
    page = h.page;
  });

  const rows = () => page.locator('li[data-id]');
  /** Whether the row is in the DOM and inside the scrolled viewport. */
  const inView = (id: string) =>
    page.evaluate(`(() => {
      const row = document.querySelector('li[data-id="${id}"]');
      const viewport = document.querySelector('[role="log"]');
      if (!row || !viewport) return false;
      const r = row.getBoundingClientRect();
      const v = viewport.getBoundingClientRect();
      return r.bottom > v.top && r.top < v.bottom;
    })()`);
  const ids = () =>
    page.evaluate(`[...document.querySelectorAll('li[data-id]')].map((el) => el.dataset.id)`) as Promise<
      string[]
    >;
  /** Scrolls the transcript to a fraction of its height (0 the top). */
  const scrollTo = (fraction: number) =>
    page.evaluate(`(() => {
      const el = document.querySelector('[role="log"]');
      el.scrollTop = el.scrollHeight * ${fraction};
    })()`);

  it('keeps a window of rows, follows the newest line, scrolls back and jumps to the latest', async () => {
    await nav(page, 'Visit').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Visit');
    const items = Array.from({ length: LINES }, (_, i) => line(i));
    for (let at = 0; at < LINES; at += 500)
      h.bridge.emit('visit:transcript', { items: items.slice(at, at + 500) });

    await expect.poll(() => inView(`line-${LINES - 1}`)).toBe(true);
    expect(await rows().count()).toBeLessThan(60);
    expect(await page.getByText(`${LINES.toLocaleString('en')} lines transcribed`).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/transcript-long-latest.png`, fullPage: true });

    // Following: a new line shows at once.
    h.bridge.emit('visit:transcript', { items: [line(LINES)] });
    await expect.poll(() => inView(`line-${LINES}`)).toBe(true);

    // Scrolled to the top: the first line, and the way back.
    await scrollTo(0);
    await expect.poll(() => inView('line-0')).toBe(true);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await expect.poll(() => jump.count()).toBe(1);
    // Scrolled up, the list stays put while lines arrive.
    h.bridge.emit('visit:transcript', { items: [line(LINES + 1)] });
    await expect
      .poll(() => page.getByText(`${(LINES + 2).toLocaleString('en')} lines transcribed`).count())
      .toBe(1);
    expect(await inView('line-0')).toBe(true);
    await page.screenshot({ path: `${SHOTS}/transcript-long-top.png`, fullPage: true });

    // The middle: the rows there, contiguous and in order, with a late line between its neighbours.
    h.bridge.emit('visit:transcript', { items: [line(99_999, 1500 * 1000 + 500)] });
    await scrollTo(1500 / (LINES + 3));
    await expect.poll(ids).toContain('line-99999');
    const numbers = (await ids()).map((id) => Number(id.slice('line-'.length)));
    expect(numbers[numbers.indexOf(99_999) - 1]).toBe(1500);
    const plain = numbers.filter((n) => n !== 99_999);
    expect(plain).toEqual(plain.map((_, k) => plain[0]! + k));

    await jump.click();
    await expect.poll(() => inView(`line-${LINES + 1}`)).toBe(true);
    await expect.poll(() => jump.count()).toBe(0);
    expect(await h.cspViolations()).toEqual([]);
  });
});
