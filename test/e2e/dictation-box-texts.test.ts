/**
 * A Text's fields in the dictation box, in Chromium over the production composition root: Accept defaults
 * by the box's button and by a PowerMic's Play button (its reports on the fake USB bus, through main and back
 * as `dictation:boxField`), Tab forward moving through the box's blanks; and the microphone's second map,
 * the dictation box's, set in Settings apart from the other applications' one. Looked at in English and
 * French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import { startDictationApp } from './bridge/dictation-app.ts';

/** PowerMic III reports (test/fixtures/hid/mic-reports.json; Play is bit 6 of its button word). */
const PLAY = [0x00, 0x40, 0x00];
const TAB_FORWARD = [0x00, 0x08, 0x00];
const TRANSCRIBE = [0x00, 0x01, 0x00];
const UP = [0x00, 0x00, 0x00];

const KNEE = 'Knee: [left|right|bilateral], [no effusion]. Pain ***.';
const FILLED = 'Knee: left, no effusion. Pain ***.';

describe('a Text in the dictation box, by button and by microphone', () => {
  /** The app, the local service, the fake PowerMic and the fake application ("Epic Hyperspace"). */
  let app: Awaited<ReturnType<typeof startDictationApp>>;
  beforeAll(async () => void (app = await startDictationApp(new Map(), [])));
  afterAll(async () => {
    app?.dictation.dispose();
    await app?.h.close();
    await app?.service.close();
  });

  /** A press held past the phantom-press filter; the release once main has read the press. */
  async function press(report: number[], done: () => Promise<unknown>): Promise<void> {
    app.hid.replay('pm3', [report]);
    await done();
    app.hid.replay('pm3', [UP]);
  }

  it('connects, then Accept defaults fills the box’s Text, caret after the last field', async () => {
    const { page } = app.h;
    await connectWithServerCredentials(page, app.service.url, app.client);
    await nav(page, 'Dictation').click();
    const box = page.getByLabel('Dictated text');
    await box.fill(KNEE);
    await page.getByRole('button', { name: 'Accept defaults' }).click();
    await expect.poll(() => box.inputValue()).toBe(FILLED);
    expect(await page.getByText('Defaults accepted: every field left has its default.').count()).toBe(1);
    await page.keyboard.type(' (swollen)');
    expect(await box.inputValue()).toBe('Knee: left, no effusion (swollen). Pain ***.');
    await page.getByRole('button', { name: 'Accept defaults' }).click();
    await expect
      .poll(() => page.getByText('No field with a default is left: nothing changed.').count())
      .toBe(1);
  });

  it('the PowerMic’s Play accepts the defaults in the box, its Tab forward moves to the next blank', async () => {
    const { page } = app.h;
    const box = page.getByLabel('Dictated text');
    await box.fill(KNEE);
    expect(app.dictation.fieldKeys.place).toBe('box');
    await press(PLAY, () => expect.poll(() => box.inputValue()).toBe(FILLED));
    await box.evaluate((el) =>
      (el as unknown as { setSelectionRange(a: number, b: number): void }).setSelectionRange(0, 0),
    );
    const selected = () =>
      box.evaluate((el) => {
        const t = el as unknown as { value: string; selectionStart: number; selectionEnd: number };
        return t.value.slice(t.selectionStart, t.selectionEnd);
      });
    await press(TAB_FORWARD, () => expect.poll(selected).toBe('***'));
    await page.screenshot({ path: `${SHOTS}/dictation-box-accept-defaults-en.png`, fullPage: true });
    // Transcribe sends the box's text as shown (its defaults accepted here, never told to main before).
    const before = app.inserter.field;
    await press(TRANSCRIBE, () => expect.poll(() => app.inserter.field).toBe(before + FILLED));
  });

  it('Settings: the dictation box’s buttons are a map of their own, in English and French', async () => {
    const { page } = app.h;
    await nav(page, 'Settings').click();
    const buttons = page.locator('details', { has: page.getByText('What the buttons do') });
    await buttons.locator('summary').click();
    await page.getByRole('radio', { name: 'The dictation box' }).check();
    await page.getByTestId('mic-buttons-box').getByLabel('Play').first().selectOption('transfer');
    await expect.poll(() => app.dictation.state().settings.micButtonsInBox.play).toBe('transfer');
    expect(app.dictation.state().settings.micButtons.play).toBe('accept-defaults');
    await buttons.scrollIntoViewIfNeeded();
    await buttons.screenshot({ path: `${SHOTS}/settings-mic-buttons-box-en.png` });
    await page.getByRole('radio', { name: 'Other applications' }).check();
    expect(await page.getByTestId('mic-buttons-app').getByLabel('Play').first().inputValue()).toBe(
      'accept-defaults',
    );
    await page.getByLabel('Language of the app').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    const boutons = page.locator('details', { has: page.getByText('Rôle des boutons') });
    if ((await boutons.getAttribute('open')) === null) await boutons.locator('summary').click();
    await page.getByRole('radio', { name: 'La zone de dictée' }).check();
    await boutons.scrollIntoViewIfNeeded();
    await boutons.screenshot({ path: `${SHOTS}/settings-mic-buttons-box-fr.png` });
    await nav(page, 'Dictée').click();
    await page.getByLabel('Texte dicté').fill(KNEE);
    await page.getByRole('button', { name: 'Accepter les valeurs par défaut' }).click();
    await expect.poll(() => page.getByLabel('Texte dicté').inputValue()).toBe(FILLED);
    await page.screenshot({ path: `${SHOTS}/dictation-box-accept-defaults-fr.png`, fullPage: true });
    await nav(page, 'Paramètres').click(); // the window's language back to English for the files after
    await page.getByLabel('Langue de l’application').selectOption('en');
  });
});
