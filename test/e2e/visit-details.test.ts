/**
 * The Note screen's Visit details in Chromium against the strict local service: the clinician gives the
 * visit's date, specialty, patient, diagnoses and a draft plan; the note is written with them (the draft
 * reaches the Assessment and Plan), and the codes and orders of that note are asked with them, through
 * the async endpoints. A line that is not an ICD-10 code holds the note back with a reason.
 */
import { describe, expect, it } from 'vitest';
import { recordVisitToNote, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

describe('visit details', () => {
  const { service, client } = servicePerFile();
  const h = appPerFile();
  const answered = (suffix: string) =>
    service.service.control.requests
      .filter((r) => r.path.endsWith(suffix) && r.method === 'POST')
      .map((r) => r.status);

  it('writes the note, its codes and orders with the visit details', async () => {
    const { page } = h;
    await recordVisitToNote(page, service.url, client);

    await page.getByRole('button', { name: 'Visit details' }).click();
    await page.getByLabel('Visit date').fill('2026-11-20');
    await page.getByLabel('Specialty').fill('Internal medicine');
    await page.getByLabel('Patient age').fill('61');
    await page.getByLabel('Sex').selectOption('FEMALE');
    const diagnoses = page.getByLabel('Diagnoses of this visit');
    await diagnoses.fill('I10 Essential hypertension\nhigh blood pressure');
    const write = page.getByRole('button', { name: 'Write the note' });
    expect(await page.getByTestId('visit-details-problem').textContent()).toContain('ICD-10 code');
    expect(await write.isDisabled()).toBe(true);
    await diagnoses.fill('I10 Essential hypertension');
    await page.getByLabel('Your draft assessment and plan').fill('Recheck blood pressure in two weeks.');
    expect(await page.getByTestId('visit-details-summary').textContent()).toContain('6 given');
    await page.screenshot({ path: `${SHOTS}/40-visit-details.png`, fullPage: true });

    await write.click();
    const sections = page.locator('article[data-section]');
    await expect.poll(() => sections.count()).toBeGreaterThan(0);
    expect(answered('/generate-note')).toEqual([200]);
    const plan = page.locator('article[data-section="ASSESSMENT_AND_PLAN"]');
    expect(await plan.innerText()).toContain('Recheck blood pressure in two weeks');

    await page.getByRole('button', { name: 'Continue to codes' }).click();
    await expect
      .poll(() => page.locator('[data-testid="conditions"], [data-testid="observations"]').count())
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Suggest orders' }).click();
    await expect.poll(() => page.getByTestId('orders').count()).toBe(1);
    expect(answered('/generate-normalized-data-async')).toEqual([200]);
    expect(answered('/generate-suggested-orders-async')).toEqual([200]);
    expect(await h.cspViolations()).toEqual([]);
  });
});
