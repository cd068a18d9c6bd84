/**
 * Keyboard only, in Chromium against the local service: a whole visit (connect → record → end → note →
 * copy a section → codes → patient instructions in another language) driven with Tab, Shift+Tab, Enter,
 * Space and the arrow keys, never the mouse. Every element that takes focus on the way must show a focus
 * indicator (an outline, which Windows high-contrast mode keeps, unlike a box-shadow) and have an
 * accessible name; every focusable element of each screen must have a name too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';
import { roleAndName, unnamedFocusables } from './a11y.ts';

/**
 * What the focused element looks like: its focus indicator and what it is. (Page code as text: the Node
 * typecheck has no DOM types.)
 */
async function focusState(page: Page): Promise<{ describe: string; outline: boolean } | null> {
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      describe: el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"',
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    };
  })()`);
}

/** Computed style values of the navigation tabs' underlines, which tab is current, and the page canvas. */
async function tabUnderlines(page: Page): Promise<{ colors: string[]; current: number; canvas: string }> {
  return page.evaluate(`(() => {
    const tabs = [...document.querySelectorAll('nav[aria-label="Screens"] button')];
    return {
      colors: tabs.map((t) => getComputedStyle(t).borderBottomColor),
      current: tabs.findIndex((t) => t.getAttribute('aria-current') === 'page'),
      canvas: getComputedStyle(document.documentElement).backgroundColor,
    };
  })()`);
}

describe('keyboard only', () => {
  const { service, client } = servicePerFile();
  const h = appPerFile();
  const problems: string[] = [];

  /** Checks the focused element: a visible focus indicator and an accessible name. */
  async function checkFocused(page: Page): Promise<{ role: string; name: string } | null> {
    const state = await focusState(page);
    if (!state) return null;
    const { role, name } = await roleAndName(page, ':focus');
    if (!state.outline) problems.push(`no visible focus indicator on ${state.describe}`);
    if (!name.trim()) problems.push(`no accessible name on ${state.describe} (${role})`);
    return { role, name };
  }

  /** Presses Tab (or Shift+Tab) until the focused element has this role and a name matching. */
  async function tabTo(page: Page, role: string, name: RegExp, back = false): Promise<void> {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      const now = await checkFocused(page);
      if (now && now.role === role && name.test(now.name)) return;
    }
    throw new Error(`Tab never reached ${role} ${name}`);
  }

  /** Every focusable element on the screen has an accessible name. */
  async function allNamed(page: Page, screen: string): Promise<void> {
    problems.push(...(await unnamedFocusables(page, screen)));
  }

  /** Goes to a screen through the navigation bar with the keyboard. */
  async function screen(page: Page, name: string): Promise<void> {
    await tabTo(page, 'button', new RegExp(`^${name}$`), true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
  }

  it('runs a whole visit with the keyboard, focus always visible and named', async () => {
    const { page } = h;
    // Playwright's click is never used below: only key presses (and typed text).
    await allNamed(page, 'Connect');
    await tabTo(page, 'textbox', /^Service address$/);
    await page.keyboard.type(service.url);
    await tabTo(page, 'textbox', /^OAuth client ID$/);
    await page.keyboard.type(client.id);
    await tabTo(page, 'textbox', /^Private key \(PEM\)$/);
    await page.keyboard.insertText(client.privateKeyPem);
    await tabTo(page, 'button', /^Connect$/);
    await page.screenshot({ path: `${SHOTS}/20-keyboard-connect.png`, fullPage: true });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('connection-summary').textContent())
      .toContain('Connected to 127.0.0.1');
    await allNamed(page, 'Connect (connected)');

    await screen(page, 'Visit');
    await allNamed(page, 'Visit');
    await tabTo(page, 'checkbox', /patient agreed/);
    await page.keyboard.press('Space');
    await tabTo(page, 'button', /^Start recording$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('li[data-final="true"]').count()).toBe(5);
    await allNamed(page, 'Visit (recording)');
    await page.screenshot({ path: `${SHOTS}/21-keyboard-visit.png`, fullPage: true });
    await tabTo(page, 'button', /^End visit$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');

    await screen(page, 'Note');
    await tabTo(page, 'button', /^Write the note$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('article[data-section]').count()).toBeGreaterThan(0);
    await allNamed(page, 'Note');
    const writes = h.clipboard.writes.length;
    await tabTo(page, 'button', /^Copy/);
    await page.keyboard.press('Enter');
    await expect.poll(() => h.clipboard.writes.length).toBe(writes + 1);
    await page.screenshot({ path: `${SHOTS}/22-keyboard-note.png`, fullPage: true });

    await tabTo(page, 'button', /^Continue to codes$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Codes & more');
    await expect
      .poll(() => page.locator('[data-testid="conditions"], [data-testid="observations"]').count())
      .toBeGreaterThan(0);
    // Patient instructions in Spanish (Mexico), chosen with the arrow keys.
    await tabTo(page, 'combobox', /^Language$/);
    for (let i = 0; i < 10 && (await page.locator('#pi-locale').inputValue()) !== 'SPANISH_MX'; i++)
      await page.keyboard.press('ArrowDown');
    expect(await page.locator('#pi-locale').inputValue()).toBe('SPANISH_MX');
    await tabTo(page, 'button', /^Write instructions$/);
    await page.keyboard.press('Enter');
    // This short visit's note may have nothing for the patient to act on; either answer is shown.
    const answered = page.locator('[data-testid="instructions"], [data-code="no_instructions_content"]');
    await expect.poll(() => answered.count()).toBe(1);
    expect(
      service.service.control.requests.filter((r) => r.path.endsWith('/generate-patient-instructions')),
    ).toHaveLength(1);
    await allNamed(page, 'Codes & more');
    await page.screenshot({ path: `${SHOTS}/23-keyboard-codes.png`, fullPage: true });

    await screen(page, 'Settings');
    await allNamed(page, 'Settings');
    expect(problems).toEqual([]);
  });

  it('keeps the focus outline in forced-colors (high contrast) mode', async () => {
    const { page } = h;
    await page.emulateMedia({ forcedColors: 'active' });
    try {
      await tabTo(page, 'button', /^Connect$/, true);
      const state = await focusState(page);
      expect(state?.outline).toBe(true);
      // Shadows are dropped in forced colors; the outline is what remains, drawn in a system colour.
      expect(await page.evaluate(`matchMedia('(forced-colors: active)').matches`)).toBe(true);
      // Only the current screen's tab is underlined (the others' transparent borders would show).
      const { colors, current, canvas } = await tabUnderlines(page);
      expect(current).toBeGreaterThanOrEqual(0);
      expect(colors.filter((c, i) => i !== current && c !== canvas)).toEqual([]);
      expect(colors[current]).not.toBe(canvas);
      await page.screenshot({ path: `${SHOTS}/24-keyboard-forced-colors.png` });
    } finally {
      await page.emulateMedia({ forcedColors: 'none' });
    }
    expect(problems).toEqual([]);
  });
});
