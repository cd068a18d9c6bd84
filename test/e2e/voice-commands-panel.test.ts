/**
 * "What can I say" on the Dictation screen, in Chromium: the voice commands as said in the dictation
 * language, what each does in the window's language (English, then French and Spanish once Settings says so),
 * the same lines as `scribe dictate --help`. Screenshots of each language. Then the overlay's panel (the
 * same lines, only those that can act now, the field's state, the Texts) in English and French, and the
 * overlay's flag with Keep and Fix and the keys that do them, in both (the overlay tests that need a language).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { previewDictationPlatform } from '../../main/shells/preview/preview-dictation.ts';
import { sayPanel } from '../../main/features/dictation/commands/say-panel.ts';
import type { OverlayState } from '../../main/features/dictation/ports.ts';
import { nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';
import { OVERLAY } from '../../main/core/window/overlay-bounds.ts';

/** The overlay's page in `lang`, with a stand-in for its preload: it only listens and reads the language. */
async function overlayPage(context: BrowserContext, origin: string, lang: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript({
    content: `Object.defineProperty(window, 'scribe', { configurable: false, writable: false, value: {
      onDictationOverlay: (listener) => { window.__overlay = listener; return () => {}; },
      settingsGet: async () => ({ ok: true, data: { displayLanguage: '${lang}' } }),
    } });`,
  });
  await page.goto(`${origin}/index.html?view=overlay`);
  await page.waitForFunction(() => '__overlay' in globalThis);
  return page;
}

/** Main shows the overlay `state`, as its preload passes it on. */
function show(page: Page, state: OverlayState): Promise<void> {
  return page.evaluate(
    (s) => (globalThis as unknown as { __overlay: (p: unknown) => void }).__overlay({ state: s }),
    state,
  );
}

describe('what can I say', () => {
  const h = appPerFile({ dictation: previewDictationPlatform() });

  async function shoot(name: string): Promise<void> {
    const panel = h.page.getByTestId('voice-commands');
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${SHOTS}/${name}` });
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

  it('the overlay panel: the commands that can act now, the field, the Texts, in the window’s language', async () => {
    const browser = h.page.context().browser()!;
    for (const [lang, heading, field, said] of [
      ['en', 'What you can say now', 'The field can be read · 2 Text fields left', 'select ‹words›'],
      [
        'fr',
        'Ce que vous pouvez dire maintenant',
        'Le champ peut être lu · 2 champs de texte restants',
        'sélectionne ‹mots› · sélectionner ‹mots›',
      ],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width: OVERLAY.panelWidth, height: OVERLAY.panelHeight },
      });
      try {
        const page = await overlayPage(context, h.server.origin, lang);
        const state: OverlayState = {
          phase: 'listening',
          appName: 'Epic Hyperspace',
          level: 0.5,
          elapsedMs: 42_000,
          lastWords: '',
          message: null,
          panel: sayPanel({
            locale: lang === 'fr' ? 'FRENCH_FR' : 'ENGLISH_US',
            box: false,
            fieldText: 'Knee [left|right], effusion [none].',
            text: '',
            navigator: true,
            texts: ['normal exam', 'knee follow-up'],
            transfer: false,
            makeText: true,
          }),
        };
        await show(page, state);
        const panel = page.getByTestId('overlay-say-panel');
        await expect.poll(() => panel.locator('h2').textContent()).toBe(heading);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        expect(await page.getByTestId('overlay-say-field').textContent()).toBe(field);
        expect(await panel.locator('.said', { hasText: said }).count()).toBe(1);
        // Only what can act now: no transfer outside the box, no wake up while awake.
        expect(await panel.locator('li').count()).toBe(state.panel!.commands.length);
        expect(await page.getByTestId('overlay-say-texts').textContent()).toContain(
          'normal exam · knee follow-up',
        );
        // The whole panel fits the overlay's window (nothing below its bottom edge), and nothing is focusable.
        const bottom = await panel.evaluate((el) => el.getBoundingClientRect().bottom);
        expect(bottom).toBeLessThanOrEqual(OVERLAY.panelHeight);
        expect(await page.locator('button, input, select, textarea, a[href], [tabindex]').count()).toBe(0);
        await page.screenshot({ path: `${SHOTS}/overlay-what-can-i-say-${lang}.png` });
      } finally {
        await context.close();
      }
    }
  });

  it('the overlay’s flag names its keep and fix keys in the window’s language', async () => {
    const browser = h.page.context().browser()!;
    for (const [lang, keep, fix, noFix] of [
      ['en', 'Keep F8', 'Fix → Hydralazine Shift+F8', 'No single right value'],
      ['fr', 'Garder F8', 'Corriger → Hydralazine Maj+F8', 'Pas de valeur juste unique'],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width: OVERLAY.width, height: OVERLAY.flagHeight },
      });
      try {
        const page = await overlayPage(context, h.server.origin, lang);
        const flagged = { id: 't:1', code: 'sound_alike' as const, start: 0, end: 11, correction: false };
        const state: OverlayState = {
          phase: 'listening',
          appName: 'Epic Hyperspace',
          level: 0.5,
          elapsedMs: 12_000,
          lastWords: 'Hydroxyzine for blood pressure.',
          message: null,
          flagged: {
            ...flagged,
            facts: { drug: 'Hydroxyzine', instead: 'hydralazine' },
            fix: { start: 0, end: 11, from: 'Hydroxyzine', to: 'Hydralazine' },
          },
          flagKeys: { keep: 'F8', fix: 'Shift+F8' },
        };
        await show(page, state);
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
        await expect.poll(() => page.locator('.flagged button').allTextContents()).toEqual([keep, fix]);
        // The flag's words whole (what it suggests is read at a glance), both buttons inside the window.
        const mark = page.getByTestId('overlay-flagged');
        expect(
          await mark.evaluate(
            (el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
          ),
        ).toBe(true);
        expect(await mark.textContent()).toMatch(/hydralazine/i);
        for (const box of await page.locator('.flagged button').evaluateAll((els) =>
          els.map((el) => ({
            right: el.getBoundingClientRect().right,
            bottom: el.getBoundingClientRect().bottom,
          })),
        )) {
          expect(box.right).toBeLessThanOrEqual(OVERLAY.width);
          expect(box.bottom).toBeLessThanOrEqual(OVERLAY.flagHeight);
        }
        // Clicked, never focused: the overlay does not take the keyboard from the EHR.
        expect(await page.locator('button:not([tabindex="-1"])').count()).toBe(0);
        await page.screenshot({ path: `${SHOTS}/overlay-flag-keys-${lang}.png` });
        // Its dictation over, the text is the application's: Keep only (Fix would change nothing).
        await show(page, { ...state, phase: 'inserted', flagKeys: { keep: 'F8' } });
        await expect.poll(() => page.locator('.flagged button').allTextContents()).toEqual([keep]);
        // Sides in conflict have no single right value: Keep only, and the overlay says so, inside the window.
        const sides = { ...flagged, code: 'side_conflict' as const, start: 0, end: 5 };
        const facts = { said: 'right', instead: 'left', part: 'knee' };
        await show(page, { ...state, flagged: { ...sides, facts }, flagKeys: { keep: 'F8' } });
        await expect.poll(() => page.getByTestId('overlay-nofix').textContent()).toContain(noFix);
        expect(await page.locator('.flagged button').allTextContents()).toEqual([keep]);
        const note = await page.getByTestId('overlay-nofix').evaluate((el) => el.getBoundingClientRect());
        expect(note.right).toBeLessThanOrEqual(OVERLAY.width);
        expect(note.bottom).toBeLessThanOrEqual(OVERLAY.flagHeight);
        await page.screenshot({ path: `${SHOTS}/overlay-flag-keep-only-${lang}.png` });
      } finally {
        await context.close();
      }
    }
  });
});
