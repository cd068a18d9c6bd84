/**
 * The Note screen in Chromium against the local service, after a recorded visit: the long-visit (async)
 * form shows its progress and the note arrives; an edit by instruction is counted as typed (≤ 700) and
 * refused over the limit before sending; "Write again with context" counts up to 10,000, refuses more
 * before sending, asks before replacing the clinician's changes and sends the context to the service.
 */
import { describe, expect, it } from 'vitest';
import { recordVisitToNote, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

describe('the Note screen', () => {
  const { service, client } = servicePerFile({
    // A long visit's note takes a while: the job stays ONGOING for a few polls.
    jobs: { ongoingPolls: 3, ongoingMs: 1_500 },
  });
  const h = appPerFile();
  const requests = (suffix: string, method = 'POST') =>
    service.service.control.requests.filter((r) => r.path.endsWith(suffix) && r.method === method);

  it('records a visit', async () => {
    const { page } = h;
    await recordVisitToNote(page, service.url, client);
  });

  it('writes a long visit in the background, showing progress until the note arrives', async () => {
    const { page } = h;
    await page.getByLabel('Long visit: write in the background and show progress').check();
    await page.getByRole('button', { name: 'Write the note' }).click();
    const progress = page.getByTestId('note-progress');
    await expect.poll(() => progress.textContent(), { interval: 50 }).toMatch(/Writing the note… \d+ s/);
    await page.screenshot({ path: `${SHOTS}/05-note-progress.png`, fullPage: true });
    const sections = page.locator('article[data-section]');
    await expect.poll(() => sections.count()).toBeGreaterThan(0);
    expect(await progress.textContent()).toBe('');
    expect(requests('/generate-note-async')).toHaveLength(1);
    expect(requests('/generate-note')).toHaveLength(0); // not the synchronous form
    const polls = service.service.control.requests.filter(
      (r) => r.method === 'GET' && r.path.includes('/generate-note-async/'),
    );
    expect(polls.length).toBeGreaterThanOrEqual(3); // it was polled while ONGOING
  });

  it('edits by instruction: counted as typed, refused over 700 before sending', async () => {
    const { page } = h;
    const field = page.getByLabel('Instruction', { exact: true });
    const count = page.locator('#edit-instruction-count');
    const apply = page.getByRole('button', { name: 'Apply' });
    await field.fill('x'.repeat(701));
    expect(await count.textContent()).toContain('701 / 700 characters — 1 over the limit');
    expect(await apply.isDisabled()).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Typing one more key is counted at once.
    await field.press('Backspace');
    expect(await count.textContent()).toContain('700 / 700 characters');
    expect(await count.textContent()).not.toContain('over');
    expect(requests('/edit-note-with-instructions')).toHaveLength(0);

    // An instruction the local service carries out (one that changes nothing leaves the note unedited).
    await field.fill('replace "Patient" with "Pt"');
    expect(await count.textContent()).toContain('27 / 700 characters');
    await apply.click();
    await expect.poll(() => requests('/edit-note-with-instructions').length).toBe(1);
    await expect.poll(() => field.inputValue()).toBe('');
    const sent = requests('/edit-note-with-instructions')[0]!;
    expect(sent.status).toBe(200);
    expect(sent.fields?.instructions).toBe(27);
  });

  it('writes again with context: counted to 10,000, refused over, asks before replacing changes', async () => {
    const { page } = h;
    const field = page.getByLabel('Extra context');
    const count = page.locator('#extra-context-count');
    const again = page.getByRole('button', { name: 'Write again with context' });
    await field.fill('y'.repeat(10_001));
    expect(await count.textContent()).toContain('10,001 / 10,000 characters — 1 over the limit');
    expect(await again.isDisabled()).toBe(true);
    expect(await page.getByTestId('extra-context-announce').textContent()).toBe(
      'Over the 10,000-character limit. Shorten it before sending.',
    );
    await page.screenshot({ path: `${SHOTS}/05-note-context-over.png`, fullPage: true });

    const context = 'Penicillin allergy noted in the chart.';
    await field.fill(context);
    expect(await count.textContent()).toContain(`${context.length} / 10,000 characters`);
    const before = requests('/generate-note-async').length;
    await again.click();
    // The note was changed by instruction: writing it again asks first.
    const confirm = page.getByTestId('confirm-rewrite');
    await expect.poll(() => confirm.count()).toBe(1);
    expect(requests('/generate-note-async')).toHaveLength(before);
    await confirm.getByRole('button', { name: 'Replace my changes' }).click();
    await expect.poll(() => requests('/generate-note-async').length).toBe(before + 1);
    await expect.poll(() => page.getByTestId('note-progress').textContent()).toBe('');
    const sent = requests('/generate-note-async').at(-1)!;
    expect(sent.fields?.unstructured_context).toBe(context.length);
    expect(await page.locator('article[data-section]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/05-note-after-context.png`, fullPage: true });
    expect(await h.cspViolations()).toEqual([]);
  });
});
