/**
 * The text checks' flags in our own dictation box, in Chromium (issue 30, "Checked dictation"): the browser
 * preview's box-only dictation over the production composition root, connected to the local service, which
 * "recognises" the tests' espeak-ng recording test/fixtures/audio/flags-in-box/ (made by
 * test/fixtures/make-fixtures.ts): "give aspirin 81 mg" · "then aspirin 810 mg daily" (10×) · "warfarin 5.0 mg
 * tonight" (a trailing zero) · "swelling of the right knee", first heard "left knee" · "patient reports chest
 * pain", first heard "reports no chest pain" (the service's mishearings, which its async corrections fix). The
 * box lists each flag and its text stays as dictated until the clinician keeps one (it goes) or fixes one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../preload/contract/index.ts';
import { loadFixtureManifest } from '../fixtures/audio/manifest.ts';
import { FLAGS_FIXTURE_DIR, FLAGS_MISHEARINGS } from '../fixtures/make-fixtures.ts';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import type { AppHarness } from './bridge/harness.ts';
import { startBoxDictationApp } from './bridge/dictation-app.ts';
import type { SampleService } from '../service/sample-service.ts';

/** The dictation as written, the corrections applied: what the box must show whatever is flagged. */
const DICTATED = loadFixtureManifest(FLAGS_FIXTURE_DIR)
  .fixtures[0]!.sentences.map((s) => s.written)
  .join(' ');

describe('the checks’ flags in the dictation box', () => {
  let service: SampleService;
  let h: AppHarness;
  let client: Parameters<typeof connectWithServerCredentials>[2];
  /** Every box text main pushed, in order. */
  const texts: string[] = [];

  beforeAll(async () => {
    ({ service, h, client } = await startBoxDictationApp({
      name: 'flags-in-box',
      fixtureDir: FLAGS_FIXTURE_DIR,
      mishearings: FLAGS_MISHEARINGS,
      onEvent: (event, payload) => {
        if (event === 'dictation:state') texts.push((payload as EventPayload<'dictation:state'>).box.text);
      },
    }));
  });
  afterAll(async () => {
    await h?.close();
    await service?.close();
  });

  it('flags a 10× dose, a trailing zero, a side and a "no" a correction changed; the text changes only by the clinician', async () => {
    const { page } = h;
    await connectWithServerCredentials(page, service.url, client);
    await nav(page, 'Dictation').click();
    await page.getByRole('button', { name: 'Start dictation' }).click();
    const box = page.getByLabel('Dictated text');
    const flags = page.getByTestId('box-flags');
    const flag = (code: string) => flags.locator(`li[data-code="${code}"]`);
    const codes = () =>
      flags.locator('li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-code')));

    // Each flag shows under the box, in words, with the two values it compares.
    await expect
      .poll(async () => [...(await codes())].sort(), { timeout: 40_000 })
      .toEqual(['dose_magnitude', 'polarity_flipped', 'side_changed', 'trailing_zero']);
    expect(await flag('dose_magnitude').locator('mark').textContent()).toBe(
      '10× the dose said earlier: 810 mg vs 81 mg',
    );
    expect(await flag('trailing_zero').locator('mark').textContent()).toBe(
      'Trailing zero: 5.0 can be read as ten times the dose; 5 is safer',
    );
    expect(await flag('side_changed').locator('mark').textContent()).toBe(
      'A correction changed the side of the knee: left → right',
    );
    expect(await flag('polarity_flipped').locator('mark').textContent()).toBe(
      'A correction changed chest pain: absent → present',
    );
    // The text is the dictation as said, the corrections applied: no flag changed a word of it.
    await expect.poll(() => box.inputValue()).toBe(DICTATED);
    expect(DICTATED).toContain('aspirin 810 mg');
    expect(DICTATED).toContain('Warfarin 5.0 mg');
    // The service's first pass said otherwise, and its corrections changed it in the box.
    expect(texts.some((t) => t.includes('Swelling of the left knee.'))).toBe(true);
    expect(texts.some((t) => t.includes('Patient reports no chest pain.'))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/dictation-box-flags.png` });

    // While the dictation runs (the recording is over, the microphone still open), the clinician acts.
    // Keep: the 10× dose is as said. The flag goes; the text stays.
    expect(await page.getByRole('button', { name: 'Stop dictation' }).count()).toBe(1);
    await flag('dose_magnitude').getByRole('button', { name: 'Keep' }).click();
    await expect.poll(() => flag('dose_magnitude').count()).toBe(0);
    expect(await box.inputValue()).toBe(DICTATED);
    expect(await flags.locator('li').count()).toBe(3);
    // Until the Fix, main never pushed a text without the trailing zero.
    expect(texts.filter((t) => t.includes('Warfarin 5 mg'))).toEqual([]);

    // Fix: main puts "5" for "5.0"; nothing else changes and the flag goes.
    await flag('trailing_zero').getByRole('button', { name: 'Fix → 5' }).click();
    const fixed = DICTATED.replace('Warfarin 5.0 mg', 'Warfarin 5 mg');
    await expect.poll(() => box.inputValue()).toBe(fixed);
    await expect.poll(() => flag('trailing_zero').count()).toBe(0);
    expect([...(await codes())].sort()).toEqual(['polarity_flipped', 'side_changed']);
    await page.screenshot({ path: `${SHOTS}/dictation-box-flags-resolved.png` });

    // Stopped: the text as fixed, the two flags the clinician has not dealt with still listed.
    await page.getByRole('button', { name: 'Stop dictation' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Start dictation' }).count()).toBe(1);
    expect(await box.inputValue()).toBe(fixed);
    expect([...(await codes())].sort()).toEqual(['polarity_flipped', 'side_changed']);
  });
});
