/**
 * The browser preview's dictation, as `npm start` wires it (the preview's own dictation parts, box only,
 * over the production composition root): the Dictation screen says in one line that the box is all there
 * is, and the sample dictation plays the bundled recording through the built-in local service with no
 * account and no microphone. Its words come into the box, and the service's ASYNC_CORRECTION replaces a
 * misheard word in place ("table" → "stable"), which the screen names.
 */
import { describe, expect, it } from 'vitest';
import { previewDictationPlatform } from '../../main/shells/preview/preview-dictation.ts';
import type { EventPayload } from '../../preload/contract/index.ts';
import { nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';

const FINAL = 'Patient is stable.\n\nContinue aspirin, recheck in two weeks.';

describe('the sample dictation in the browser preview', () => {
  /** Every text the box showed while dictating, in the order main pushed them. */
  const texts: string[] = [];
  const h = appPerFile({
    dictation: previewDictationPlatform(),
    onEvent: (event, payload) => {
      if (event !== 'dictation:state') return;
      const state = payload as EventPayload<'dictation:state'>;
      if (state.active && texts.at(-1) !== state.box.text) texts.push(state.box.text);
    },
  });

  it('says the box is all there is in the preview, and offers the sample dictation', async () => {
    const { page } = h;
    await nav(page, 'Dictation').click();
    await expect
      .poll(() => page.getByTestId('box-only').textContent())
      .toBe(
        'In the browser preview, dictation goes into this box only: there is no hotkey and no typing into other applications.',
      );
    // No promise of a hotkey "in any application" here.
    expect(await page.getByText(/in any application/).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Sample dictation' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/sample-dictation-offered.png`, fullPage: true });
  });

  it('plays the sample: words come into the box, and a correction replaces a misheard word in place', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Run the sample dictation' }).click();
    const box = page.getByLabel('Dictated text');
    // The first pass misheard "stable"; the box shows it as the service sent it…
    await expect.poll(() => box.inputValue(), { interval: 50 }).toMatch(/^Patient is table\./);
    expect(await page.getByTestId('sample-label').textContent()).toContain('not for patient care');
    await page.screenshot({ path: `${SHOTS}/sample-dictation-misheard.png` });
    // …then the ASYNC_CORRECTION replaces it where it stands, and the screen names what changed.
    await expect.poll(() => box.inputValue()).toMatch(/^Patient is stable\./);
    await expect
      .poll(() => page.getByTestId('sample-dictation-status').textContent())
      .toContain('Corrected in place by the service: “table” → “stable”.');
    await page.screenshot({ path: `${SHOTS}/sample-dictation-corrected.png` });
    // The recording ends by itself, and so does the dictation: the whole text stays in the box.
    await expect.poll(() => page.getByRole('button', { name: 'Start dictation' }).count()).toBe(1);
    expect(await box.inputValue()).toBe(FINAL);
    expect(await page.locator('#box-note').textContent()).toBe(
      'Kept in the dictation box: the browser preview does not type into other applications.',
    );
    await page.screenshot({ path: `${SHOTS}/sample-dictation-done.png`, fullPage: true });

    // In place: the misheard text was shown, then replaced, the words before it untouched.
    const misheard = texts.findIndex((t) => t.startsWith('Patient is table.'));
    const corrected = texts.findIndex((t) => t.startsWith('Patient is stable.'));
    expect(misheard).toBeGreaterThanOrEqual(0);
    expect(corrected).toBeGreaterThan(misheard);
    expect(texts.at(-1)).toBe(FINAL);
    expect(h.microphones).toEqual([]); // the recording played, no microphone was opened
    // Nothing to insert into here: the box's Insert is off, Copy is there.
    expect(await page.getByRole('button', { name: 'Insert into the application' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy', exact: true }).first().isEnabled()).toBe(true);
  });
});
