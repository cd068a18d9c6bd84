/**
 * "select ‹words›" dictated into our own dictation box, in Chromium: the browser preview's box-only
 * dictation over the production composition root, connected to the local service, which "recognises" the
 * tests' espeak-ng recording test/fixtures/audio/select-in-box/ (made by test/fixtures/make-fixtures.ts):
 * "patient is stable period" · "select stable" · (a long pause) · "improving" · "select fever". The box
 * selects "stable", the next word replaces it, and "select fever" (not in the text) is said in the box with
 * nothing selected or inserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../preload/contract/index.ts';
import { SELECT_FIXTURE_DIR } from '../fixtures/make-fixtures.ts';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import type { AppHarness } from './bridge/harness.ts';
import { startBoxDictationApp } from './bridge/dictation-app.ts';
import type { SampleService } from '../service/sample-service.ts';

/** The part of a textarea the test reads (the e2e tests type-check without the DOM library). */
interface TextArea {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

describe('select ‹words› in the dictation box', () => {
  let service: SampleService;
  let h: AppHarness;
  let client: Parameters<typeof connectWithServerCredentials>[2];
  /** Every box main pushed while dictating: its text and the range it asked the box to select. */
  const boxes: { text: string; selected: string | null }[] = [];

  beforeAll(async () => {
    ({ service, h, client } = await startBoxDictationApp({
      name: 'select-in-box',
      fixtureDir: SELECT_FIXTURE_DIR,
      onEvent: (event, payload) => {
        if (event !== 'dictation:state') return;
        const { active, box } = payload as EventPayload<'dictation:state'>;
        if (!active) return;
        const { selection } = box;
        const selected = selection
          ? box.text.slice(selection.start, selection.start + selection.length)
          : null;
        boxes.push({ text: box.text, selected });
      },
    }));
  });
  afterAll(async () => {
    await h?.close();
    await service?.close();
  });

  it('selects the words said, the next words replace them; words not there are said, nothing inserted', async () => {
    const { page } = h;
    await connectWithServerCredentials(page, service.url, client);
    await nav(page, 'Dictation').click();
    await page.getByRole('button', { name: 'Start dictation' }).click();
    const box = page.getByLabel('Dictated text');
    const selected = () =>
      box.evaluate((el) => {
        const t = el as unknown as TextArea;
        return t.value.slice(t.selectionStart, t.selectionEnd);
      });
    // "select stable": the box selects the word in its text (the recording pauses 2.5 s after it).
    await expect.poll(selected, { timeout: 40_000, interval: 50 }).toBe('stable');
    expect(await box.inputValue()).toBe('Patient is stable.');
    expect(await page.locator('#box-note').textContent()).toBe('Selected in the dictation box.');
    await page.screenshot({ path: `${SHOTS}/dictation-box-select.png` });
    // "improving" replaces it, in place.
    await expect.poll(() => box.inputValue()).toBe('Patient is improving.');
    // "select fever": not in the text. The box says so; nothing is selected or inserted.
    await expect
      .poll(() => page.locator('#box-note').textContent())
      .toBe('Those words are not in the dictation box: nothing selected.');
    expect(await box.inputValue()).toBe('Patient is improving.');
    await page.screenshot({ path: `${SHOTS}/dictation-box-select-not-found.png` });
    await page.getByRole('button', { name: 'Stop dictation' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Start dictation' }).count()).toBe(1);
    expect(await box.inputValue()).toBe('Patient is improving.');

    // What main pushed: the selection while it waited, then the replacement, and never the command words.
    const at = boxes.findIndex((b) => b.selected === 'stable');
    expect(boxes[at]?.text).toBe('Patient is stable.');
    expect(boxes.slice(at + 1).find((b) => b.text !== 'Patient is stable.')?.text).toBe(
      'Patient is improving.',
    );
    expect(boxes.every((b) => !/select|fever/i.test(b.text))).toBe(true);
    expect(boxes.filter((b) => b.selected !== null).every((b) => b.selected === 'stable')).toBe(true);
  });
});
