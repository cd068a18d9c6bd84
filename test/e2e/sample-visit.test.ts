/**
 * The sample visit with no account: before any organization is configured, the bundled synthetic
 * recording runs through the whole pipeline on the built-in local service, plainly labelled, and the
 * microphone is never opened. Its note reads like one (the demo service's pre-written answers): rewritten
 * sentences, a code per problem, orders from the plan, instructions and a Spanish translation.
 */
import { describe, expect, it } from 'vitest';
import { SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';

describe('the sample visit', () => {
  const h = appPerFile();

  it('runs the bundled recording through live transcript, note, copy, codes and orders, labelled as a sample', async () => {
    const { page } = h;

    await page.getByRole('button', { name: 'Start the sample visit' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Visit');
    const label = page.getByTestId('sample-label');
    expect(await label.textContent()).toContain('Sample visit — synthetic speech, not for patient care');

    await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect.poll(() => page.locator('li[data-final="true"]').count()).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: `${SHOTS}/10-sample-visit.png` });
    // The bundled recording ends by itself; the visit then ends with every line final.
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');
    expect(await page.locator('li[data-final="true"]').count()).toBe(5);
    expect(h.microphones).toEqual([]); // no microphone was opened

    // The Visit screen's "Write the note" opens the Note screen writing it (issue 31 item 10).
    await page.getByRole('button', { name: 'Write the note' }).click();
    await expect.poll(() => page.locator('article[data-section]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Copy whole note' }).click();
    await expect.poll(() => page.getByTestId('copy-status').textContent()).toContain('Note copied');
    const copied = h.clipboard.writes.at(-1) ?? '';
    const bodies = await page.getByTestId('section-body').allInnerTexts();
    // Whitespace aside: a problem's title and text share a line on screen, and have their own in the EHR copy.
    const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
    for (const body of bodies.filter((b) => b.trim())) expect(flat(copied)).toContain(flat(body));
    expect(copied).toMatch(/^[A-Z ]+:\n/); // EHR layout: upper-case headings
    // It reads like a note: sentences rewritten per section, not the conversation pasted with speakers.
    for (const said of ['I have had chest pain for three days.', 'Does it get worse when you climb stairs?'])
      expect(copied).not.toContain(said);
    expect(copied).not.toMatch(/\b(Doctor|Patient):/);
    const plan = page.locator('article[data-section="ASSESSMENT_AND_PLAN"]');
    expect(await plan.innerText()).toContain('Start aspirin 81 mg daily.');
    await page.screenshot({ path: `${SHOTS}/10-sample-note.png`, fullPage: true });

    // The limit counter is read with the field; screen readers hear only "close to" and "over" the limit,
    // not every keystroke.
    const instruction = page.getByLabel('Instruction', { exact: true });
    const announce = page.getByTestId('edit-instruction-announce');
    expect(await page.locator('#edit-instruction-count').getAttribute('aria-live')).toBeNull();
    await instruction.fill('Make the plan a numbered list.');
    expect(await announce.textContent()).toBe('');
    await instruction.fill('x'.repeat(650));
    expect(await announce.textContent()).toBe('Close to the 700-character limit.');
    await instruction.fill('x'.repeat(701));
    expect(await announce.textContent()).toBe('Over the 700-character limit. Shorten it before sending.');
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await instruction.fill('');

    // Codes & more from the same note: codes come by themselves, then orders.
    await page.getByRole('button', { name: 'Continue to codes' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Codes & more');
    await expect
      .poll(() => page.locator('[data-testid="conditions"], [data-testid="observations"]').count())
      .toBeGreaterThan(0);
    // A code per problem: chest pain, shortness of breath, the high reading.
    await expect.poll(() => page.getByTestId('conditions').count()).toBe(1);
    const conditions = await page.getByTestId('conditions').textContent();
    for (const code of ['R07.9', 'R06.02', 'R03.0']) expect(conditions).toContain(code);
    await page.getByRole('button', { name: 'Suggest orders' }).click();
    await expect.poll(() => page.getByTestId('orders').count()).toBe(1);
    const orders = await page.getByTestId('orders').textContent();
    for (const order of ['ECG', 'Lipid panel', 'Chest x-ray', 'Aspirin 81 mg', 'cardiology'])
      expect(orders).toContain(order);
    // The aspirin order reads as a clinician writes it, not as the service's START, daily and ORAL.
    const aspirin = page
      .getByTestId('orders')
      .locator('li', { hasText: 'Aspirin 81 mg' })
      .locator('dl.med dd');
    expect(await aspirin.allInnerTexts()).toEqual(['start', '81 mg', 'once a day', 'by mouth (PO)', 'No']);
    await page.getByTestId('orders').screenshot({ path: `${SHOTS}/11b-sample-orders.png` });
    // Instructions for the patient, then in Spanish that reads as Spanish.
    await page.getByRole('button', { name: 'Write instructions' }).click();
    await expect.poll(() => page.getByTestId('instructions').count()).toBe(1);
    expect(await page.getByTestId('instructions').textContent()).toContain(
      'Take one 81 mg aspirin every day',
    );
    await page.getByLabel('Translate to').selectOption('SPANISH_MX');
    await page.getByRole('button', { name: 'Translate' }).click();
    await expect
      .poll(() => page.getByTestId('instructions').textContent())
      .toContain('Tome una aspirina de 81 mg todos los días');
    const spanish = (await page.getByTestId('instructions').textContent()) ?? '';
    expect(spanish).not.toMatch(/Here is|\[SPANISH|\bthe\b/);
    expect(await page.getByTestId('stale').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/11-sample-codes.png`, fullPage: true });

    expect(await label.isVisible()).toBe(true); // the label stays on every screen
    expect(await h.cspViolations()).toEqual([]);
  });
});
