/**
 * Layout checks shared by the end-to-end tests of a language's screens (pseudo-locale, French, Spanish):
 * what a longer translation breaks. Read from the page as laid out, each problem named by tag and a piece
 * of its text for the failure message.
 */
import type { Page } from 'playwright-core';

/**
 * In the page: leaf elements whose text is cut off or spills sideways; controls that run past their card;
 * select boxes narrower than the option they show (Chromium cuts its text with "…").
 */
const PROBLEMS = `() => {
  const name = (e) => e.tagName + ': ' + ((e.tagName === 'SELECT' ? e.selectedOptions[0]?.textContent : e.textContent) ?? '').trim().slice(0, 40);
  const visible = [...document.querySelectorAll('body *')].filter((e) => e.checkVisibility());
  const cut = visible.filter((e) => e.children.length === 0 && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1
    && getComputedStyle(e).overflowX !== 'visible' && (e.textContent ?? '').trim());
  const past = visible.filter((e) => ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(e.tagName)).filter((e) => {
    const card = e.closest('.card');
    return card && e.getBoundingClientRect().right > card.getBoundingClientRect().right + 1;
  });
  // A select as wide as its chosen option, beside the real one: narrower means Chromium cuts what it shows.
  const truncated = visible.filter((e) => e.tagName === 'SELECT' && e.selectedIndex >= 0).filter((e) => {
    const natural = e.cloneNode(true);
    [...natural.options].forEach((o, i) => { if (i !== e.selectedIndex) o.remove(); });
    natural.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none';
    e.parentElement.append(natural);
    const cut = e.getBoundingClientRect().width + 1 < natural.getBoundingClientRect().width;
    natural.remove();
    return cut;
  });
  return [...cut.map((e) => 'cut ' + name(e)), ...past.map((e) => 'past its card ' + name(e)),
    ...truncated.map((e) => 'truncated ' + name(e))];
}`;

/** What a screen's layout breaks: nothing wider than the window, nothing cut off or past its card. */
export async function layoutProblems(page: Page): Promise<string[]> {
  const wide = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
  const problems = (await page.evaluate(`(${PROBLEMS})()`)) as string[];
  return wide > 0 ? [`the page is ${wide} px wider than the window`, ...problems] : problems;
}
