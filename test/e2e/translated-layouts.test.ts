/**
 * The screens in French and Spanish, whose words run longer than English's: after the sample visit, with
 * its note, codes and E/M inputs on screen and Settings → Dictation shown, nothing is wider than the window,
 * cut off, past its card, or a select showing its choice cut short (issue 31: the E/M inputs ran past their
 * card, French selects read "Appuyer pour démarrer et arrêter, maint…"). One visit, then each language is
 * shown on the same screens; a screenshot of each (test-artifacts/screenshots/layout-<lang>-<screen>.png).
 */
import { describe, expect, it } from 'vitest';
import { FakeKeyHook } from '../../native/key-hook.fake.ts';
import { FakeSecureInput } from '../../native/secure-input.ts';
import { FakeInserter } from '../../main/features/dictation/inserter.fake.ts';
import { LOCALES } from '../../preload/words/index.ts';
import { SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';
import { layoutProblems } from './layout.ts';

/** Dictation's platform parts as fakes: Settings → Dictation needs a dictation feature, not a desktop. */
const parts = () => ({
  hook: new FakeKeyHook(),
  shortcuts: { register: () => true, unregister: () => undefined },
  inserter: new FakeInserter(),
  overlay: { show: () => undefined },
  accessibility: () => 'not-needed' as const,
  secureInput: new FakeSecureInput(),
});

/** The navigation's screens, in order. */
const SCREENS = ['connect', 'visit', 'note', 'codes', 'dictation', 'texts', 'settings'];

describe('the screens in French and Spanish', () => {
  const h = appPerFile({ locale: 'fr', dictation: parts });

  it('fit the window and their cards, nothing cut short', async () => {
    const { page } = h;
    const fr = LOCALES.fr.ui;
    await page.getByRole('button', { name: fr.connect.sampleStart }).click();
    await page.getByLabel(fr.setup.consent).check();
    await page.getByRole('button', { name: fr.visit.start }).click();
    const write = page.getByRole('button', { name: fr.visit.writeNote });
    await expect.poll(() => write.count(), { timeout: 60_000 }).toBe(1);
    await write.click(); // writes the note too
    await expect.poll(() => page.locator('article[data-section]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: fr.note.continue }).click();
    await page.getByRole('button', { name: fr.codes.getEm }).click();
    await expect.poll(() => page.getByTestId('em-inputs').count()).toBe(1);

    for (const lang of ['fr', 'es'] as const) {
      await page.getByRole('navigation').getByRole('button').last().click(); // Settings
      await page.locator('#display-language').selectOption(lang);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      const tabs = page.getByRole('navigation').getByRole('button');
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        // Current once its screen is shown (a later screen's chunk loads first: screen-views.svelte.ts).
        await expect.poll(() => tabs.nth(i).getAttribute('aria-current')).toBe('page');
        const screen = SCREENS[i] ?? String(i);
        if (screen === 'codes') await expect.poll(() => page.getByTestId('em-inputs').count()).toBe(1);
        if (screen === 'settings') await expect.poll(() => page.locator('#dictation-mode').count()).toBe(1);
        await page.screenshot({ path: `${SHOTS}/layout-${lang}-${screen}.png`, fullPage: true });
        expect(await layoutProblems(page), `${lang} ${screen}`).toEqual([]);
      }
    }
  });
});
