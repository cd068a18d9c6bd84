/** Accessibility checks shared by the end-to-end tests, read from Chromium's accessibility tree. */
import type { Page } from 'playwright-core';

/** What can take the keyboard's focus. */
const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Role and accessible name of an element (Playwright's aria snapshot of it). */
export async function roleAndName(
  page: Page,
  selector: string,
  index = 0,
): Promise<{ role: string; name: string }> {
  const snapshot = await page.locator(selector).nth(index).ariaSnapshot();
  const first = snapshot
    .split('\n')[0]!
    .replace(/^-\s+/, '')
    .replace(/^'(.*)'$/, '$1');
  const match = /^([\w-]+)(?:\s+"((?:[^"\\]|\\.)*)")?/.exec(first);
  return { role: match?.[1] ?? first, name: match?.[2] ?? '' };
}

/** Every visible focusable element without an accessible name, described for a failure message. */
export async function unnamedFocusables(page: Page, screen: string): Promise<string[]> {
  const problems: string[] = [];
  const all = page.locator(FOCUSABLE);
  const count = await all.count();
  for (let i = 0; i < count; i++) {
    const el = all.nth(i);
    if (!(await el.isVisible())) continue;
    const { role, name } = await roleAndName(page, FOCUSABLE, i);
    if (!name.trim()) {
      const html = (await el.evaluate((e) => e.outerHTML)).slice(0, 120);
      problems.push(`${screen}: no accessible name on ${role}: ${html}`);
    }
  }
  return problems;
}
