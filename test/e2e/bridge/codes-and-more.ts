/**
 * The Codes & more screen of a visit's note, as visit-flow.test.ts walks it after the codes: E/M codes and their
 * inputs recomputed (refused before sending when they cannot be), suggested orders, codes and orders copied
 * for the EHR whole and one by one, patient instructions written, translated and copied as shown.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SHOTS } from './fixtures.ts';

/** Walks the screen on `page`; `clipboard` is the app's (what the OS clipboard was given, in order). */
export async function emOrdersAndInstructions(
  page: Page,
  clipboard: { readonly writes: readonly string[] },
): Promise<void> {
  // E/M (server credentials), suggested orders, patient instructions and their translation.
  await page.getByLabel('Specialty').selectOption('CARDIOLOGY');
  await page.getByRole('button', { name: 'Get E/M codes' }).click();
  await expect.poll(() => page.getByTestId('em-codes').textContent()).toMatch(/992\d\d/);
  // The inputs the service chose the codes from can be changed and recomputed (compute-em-codes),
  // checked before anything is sent.
  const inputs = page.getByTestId('em-inputs');
  expect(await inputs.getByLabel('Patient').inputValue()).toBe('ESTABLISHED');
  await inputs.getByLabel('Medical decision making').selectOption({ label: 'Not used' });
  await inputs.getByLabel('Total time (minutes)').fill('');
  await inputs.getByRole('button', { name: 'Recompute' }).click();
  expect(await inputs.getByRole('alert').textContent()).toBe(
    'Choose a level of medical decision making or enter the total time.',
  );
  await inputs.getByLabel('Total time (minutes)').fill('2000');
  await inputs.getByRole('button', { name: 'Recompute' }).click();
  expect(await inputs.getByRole('alert').textContent()).toBe(
    'Enter the total time as whole minutes, from 1 to 1,440.',
  );
  await inputs.getByLabel('Patient').selectOption('NEW');
  await inputs.getByLabel('Total time (minutes)').fill('62');
  await inputs.getByRole('button', { name: 'Recompute' }).click();
  await expect.poll(() => page.getByTestId('em-codes').textContent()).toMatch(/99205/);
  expect(await inputs.getByRole('alert').textContent()).toBe('');
  expect(await page.getByTestId('em-inputs').getByLabel('Patient').inputValue()).toBe('NEW');
  await page.getByTestId('em-inputs').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/06-codes-em-recompute.png`, fullPage: true });

  await page.getByRole('button', { name: 'Suggest orders' }).click();
  await expect.poll(() => page.getByTestId('orders').count()).toBe(1);
  // Codes and orders copy for the EHR through the note's clipboard path, whole and one by one.
  await page.getByTestId('copy-all-codes').click();
  await expect.poll(() => page.getByTestId('copy-status-codes').textContent()).toMatch(/^Codes copied/);
  const allCodes = clipboard.writes.at(-1)!;
  expect(allCodes.split('\n')[0]).toMatch(/^[A-Z]\d\d(\.\d+)? \S/);
  expect(allCodes).toContain('E11.9');
  await page.getByRole('button', { name: 'Copy the code E11.9' }).click();
  await expect.poll(() => page.getByTestId('copy-status-codes').textContent()).toMatch(/^Code copied/);
  expect(clipboard.writes.at(-1)).toMatch(/^E11\.9 \S/);
  await page.getByTestId('copy-all-orders').click();
  await expect.poll(() => page.getByTestId('copy-status-orders').textContent()).toMatch(/^Orders copied/);
  const firstOrder = (await page.getByTestId('orders').locator('li strong').first().textContent())!;
  expect(clipboard.writes.at(-1)).toContain(`- ${firstOrder}`);
  await page.getByRole('button', { name: `Copy the order ${firstOrder}` }).click();
  await expect.poll(() => clipboard.writes.at(-1)?.startsWith(firstOrder)).toBe(true);
  await page.getByRole('button', { name: 'Write instructions' }).click();
  await expect.poll(() => page.getByTestId('instructions').count()).toBe(1);
  expect(await page.getByText('Review these instructions before sharing them').count()).toBe(1);
  await page.getByLabel('Translate to').selectOption('FRENCH_FR');
  await page.getByRole('button', { name: 'Translate' }).click();
  await expect.poll(() => page.getByText('especially this machine translation').count()).toBe(1);
  const translated = await page.getByTestId('instructions').textContent();
  expect(translated?.length).toBeGreaterThan(0);
  // Copied as shown (the translation, its disclaimer included) for the after-visit summary.
  await page.getByRole('button', { name: 'Copy instructions' }).click();
  await expect
    .poll(() => page.getByTestId('instructions-copy-status').textContent())
    .toContain('Instructions copied');
  expect(clipboard.writes.at(-1)).toBe(translated);
  expect(translated).toContain('traduit automatiquement');
  await page.screenshot({ path: `${SHOTS}/06-codes.png`, fullPage: true });
}
