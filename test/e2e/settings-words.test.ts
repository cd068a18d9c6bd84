/**
 * The words of Settings that main sends as keys and closed params (preload/words):
 * the policy card's titles and a launch variable's reason, and the notice of a settings file that had to
 * be reset at start, as the renderer formats them. Screenshot: settings-words.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';

describe('Settings words from keys and params', () => {
  const h = appPerFile({
    viewport: { width: 1280, height: 1000 },
    policy: { noteLocale: 'ENGLISH_UK', journalRetentionHours: 12 },
    env: { SCRIBE_LOG_LEVEL: 'debug' },
    settingsFile: '{"logLevel": ',
  });

  it('shows each locked setting by title, saying only a launch variable as its reason', async () => {
    const { page } = h;
    await nav(page, 'Settings').click();
    const card = page.getByTestId('policy-card');
    await expect
      .poll(() => card.locator('dt').allTextContents())
      .toEqual(expect.arrayContaining(['Note language', 'Journal retention (hours)', 'Log level']));
    const hints = await card.locator('dd .hint').allTextContents();
    expect(hints).toEqual(['Set by the environment SCRIBE_LOG_LEVEL the app was started with']);
  });

  it('says the settings file was reset, where it was kept and what was wrong', async () => {
    const { page } = h;
    const notice = page.getByTestId('settings-notice');
    const file = join(h.dataDir, 'settings.json');
    await expect.poll(() => notice.textContent()).toMatch(/^Your settings file .* could not be used/);
    expect(await notice.textContent()).toMatch(
      new RegExp(
        `^Your settings file ${escape(file)} could not be used, so the settings it held were reset \\(it is not valid JSON\\)\\. The old file is kept at ${escape(join(h.dataDir, 'settings.backup-'))}[-0-9TZ]+\\.json\\.$`,
      ),
    );
    await page.screenshot({ path: `${SHOTS}/settings-words.png`, fullPage: true });
  });

  it('says why Settings → Dictation has nothing to set, rather than showing an empty card', async () => {
    const card = h.page.getByRole('region', { name: 'Dictation' });
    // The preview has no dictation service: the card says so in the messages module's words.
    await expect
      .poll(() => card.textContent())
      .toMatch(/^Dictation\s*Dictation is not available in this window\.$/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
