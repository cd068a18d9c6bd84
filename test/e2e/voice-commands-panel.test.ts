/**
 * "What can I say" on the Dictation screen, in Chromium: the voice commands as said in the dictation
 * language, what each does in the window's language (English, then French and Spanish once Settings says so),
 * the same lines as `scribe dictate --help`. Screenshots of each language.
 */
import { copyFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { previewDictationPlatform } from '../../main/shells/preview/preview-dictation.ts';
import { nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';

describe('what can I say', () => {
  const h = appPerFile({ dictation: previewDictationPlatform() });

  async function shoot(name: string): Promise<void> {
    const panel = h.page.getByTestId('voice-commands');
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${SHOTS}/${name}` });
    // A copy for the person reviewing this change, where a reviewer looks (ignored when it cannot be written).
    await copyFile(`${SHOTS}/${name}`, `/tmp/shots-dragon/${name}`).catch(() => undefined);
  }

  it('lists the commands with what each does, in the window’s language', async () => {
    const { page } = h;
    await nav(page, 'Dictation').click();
    const panel = page.getByTestId('voice-commands');
    await panel.locator('summary').click();
    const row = (said: string) => panel.locator('tr', { has: page.locator('th', { hasText: said }) });
    await expect
      .poll(() => row('scratch that · undo that').locator('td').textContent())
      .toBe('take out the last phrase of this dictation');
    expect(await row('insert ‹name›').count()).toBe(1);
    await shoot('what-can-i-say-en.png');

    for (const [lang, tab, label, settings, said, does] of [
      ['fr', 'Dictée', 'Language of the app', 'Settings', 'go to sleep', 'ne rien écrire jusqu’au réveil'],
      [
        'es',
        'Dictado',
        'Langue de l’application',
        'Paramètres',
        'go to sleep',
        'no escribir nada hasta despertar',
      ],
    ] as const) {
      await page.getByRole('button', { name: settings, exact: true }).click();
      await page.getByLabel(label).selectOption(lang);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      // The navigation's own name is in the window's language too.
      await page.getByRole('navigation').getByRole('button', { name: tab, exact: true }).click();
      await page.getByTestId('voice-commands').locator('summary').click();
      await expect.poll(() => row(said).locator('td').textContent()).toBe(does);
      await shoot(`what-can-i-say-${lang}.png`);
    }
  });
});
