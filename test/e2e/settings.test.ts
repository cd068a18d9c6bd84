/**
 * The Settings screen for a clinician's own sign-in, in Chromium against the local service: the microphone
 * test meter moves; languages are 1-2 and Haitian Creole alone; section instructions are counted as typed
 * and refused over 700 characters before sending; dot phrases are added, changed and deleted in bulk and a
 * batch over 100 is refused before sending; text replacements are added, changed and deleted, and IT's
 * vocabulary list is among them, marked as the organization's, with no Change or Delete. What the
 * service keeps is read back from it (as the clinician), and refused batches never reach it.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../preload/words/index.ts';
import { PROTOCOL } from '../../main/core/api/protocol.ts';
import { connectAsClinician, nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';
import { unnamedFocusables } from './a11y.ts';

/** IT's word, as the service keeps it for the clinician. */
const IT_WORD = 'lie sin oh pril=Lisinopril';

describe('Settings with a clinician sign-in', () => {
  const { service } = servicePerFile();
  // IT's vocabulary list (policy): one word, said one way and written another.
  const h = appPerFile(async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'e2e-vocabulary-')), 'vocabulary.txt');
    await writeFile(file, 'Lisinopril\\lie sin oh pril\n');
    const policy = { dictationVocabularyFile: file };
    return { viewport: { width: 1280, height: 1000 }, micSpeaksAtOnce: true, policy };
  });
  let userId: string;

  /** Reads the clinician's state from the service itself, as the clinician. */
  async function onService<T>(path: string): Promise<T> {
    const { access_token } = await service.service.control.mintUserTokens(userId);
    const response = await fetch(`${service.url}/v1/core/user${path}`, {
      headers: { authorization: `Bearer ${access_token}`, [PROTOCOL.versionHeader]: PROTOCOL.apiVersion },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }
  /** Every dot phrase the service keeps for the clinician (its list comes in pages). */
  async function phrasesOnService(): Promise<string[]> {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { trigger: string; content: string }[]; next_cursor?: string | null } =
        await onService(`/dot-phrases${cursor ? `?cursor=${cursor}` : ''}`);
      all.push(...page.data.map((p) => `${p.trigger}=${p.content}`));
      cursor = page.next_cursor ?? null;
    } while (cursor);
    return all.sort();
  }
  const replacementsOnService = async () =>
    (
      await onService<{ data: { original_text: string; replacement_text: string }[] }>(
        '/dictation-text-replacements',
      )
    ).data
      .map((r) => `${r.original_text}=${r.replacement_text}`)
      .sort();
  const requestsTo = (suffix: string) =>
    service.service.control.requests.filter((r) => r.path.endsWith(suffix)).length;

  it('signs in with a clinician token and opens Settings', async () => {
    const user = service.service.control.createUser({ external_id: 'e2e-settings' });
    userId = user.id;
    const tokens = await service.service.control.mintUserTokens(user.id);
    const { page } = h;
    await connectAsClinician(page, service.url, tokens.refresh_token);
    await nav(page, 'Settings').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Settings');
  });

  it('tests the microphone with a meter that moves, and stops', async () => {
    const { page } = h;
    const mic = page.getByLabel('Clinician microphone');
    expect(await mic.locator('option:checked').textContent()).toContain('Fixture microphone');
    await page.getByRole('button', { name: 'Test microphone' }).click();
    const meter = page.getByRole('meter', { name: 'Test level' });
    // The fixture microphone plays a recorded visit: the bar must show its speech.
    await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Stop test' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Test microphone' }).count()).toBe(1);
  });

  it('keeps one or two distinct languages, and Haitian Creole alone', async () => {
    const { page } = h;
    const prefs = async () => (await h.app.visit.options()).preferred.speechLocales;
    await page.getByLabel('Second language (optional)').selectOption('SPANISH_MX');
    await expect.poll(prefs).toEqual(['ENGLISH_US', 'SPANISH_MX']);
    // The second list never offers the first language again, nor Haitian Creole.
    const seconds = await page.getByLabel('Second language (optional)').locator('option').allTextContents();
    expect(seconds).not.toContain('English (US)');
    expect(seconds).not.toContain('Haitian (Haiti)');
    await page.getByLabel('Spoken language').selectOption('HAITIAN_HT');
    await expect.poll(prefs).toEqual(['HAITIAN_HT']);
    await expect.poll(() => page.getByLabel('Second language (optional)').isDisabled()).toBe(true);
    expect(await page.getByTestId('settings-locale-alone').textContent()).toContain(
      'Haitian Creole is transcribed on its own',
    );
    await page.getByLabel('Spoken language').selectOption('ENGLISH_US');
    await expect.poll(prefs).toEqual(['ENGLISH_US']);
    await expect.poll(() => page.getByTestId('settings-locale-alone').textContent()).toBe('');
  });

  it('counts section instructions as typed, refuses over 700 before sending, saves within', async () => {
    const { page } = h;
    const picker = page.getByLabel('Template', { exact: true });
    await expect.poll(() => picker.locator('option').count()).toBeGreaterThan(1);
    await picker.selectOption({ label: 'SOAP note' });
    await page.getByRole('button', { name: 'Show its sections' }).click();
    const whole = page.getByLabel('Instructions for the whole note');
    await expect.poll(() => whole.count()).toBe(1);
    const first = page
      .getByRole('group')
      .filter({ has: page.getByLabel('Instruction', { exact: true }) })
      .first();
    const field = first.getByLabel('Instruction', { exact: true });
    await field.fill('x'.repeat(701));
    expect(await first.locator('.count').textContent()).toContain('701 / 700 characters — 1 over the limit');
    const save = page.getByRole('button', { name: 'Save instructions' });
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByTestId('custom-over').textContent()).toContain(
      'One instruction is over the 700-character limit',
    );
    await page.screenshot({ path: `${SHOTS}/12-settings-over-limit.png`, fullPage: true });
    const before = requestsTo('/customization');
    await field.press('Backspace');
    await field.fill('Write it as short bullet points.');
    await whole.fill('Use plain words.');
    expect(await page.getByTestId('custom-over').textContent()).toBe('');
    await save.click();
    await expect
      .poll(() => page.getByTestId('settings-saved').textContent())
      .toBe('Section instructions saved.');
    // Only the valid save reached the service (a GET reloads the result).
    const custom = await onService<{
      note_template_custom_instructions: string | null;
      sections: { custom_instruction?: string }[];
    }>('/note-settings/templates/SOAP/customization');
    expect(custom.note_template_custom_instructions).toBe('Use plain words.');
    expect(custom.sections.map((s) => s.custom_instruction)).toContain('Write it as short bullet points.');
    const puts = service.service.control.requests
      .slice(before)
      .filter((r) => r.path.endsWith('/customization') && r.method !== 'GET');
    expect(puts.map((r) => r.status)).toEqual([expect.any(Number)]);
  });

  it('adds, changes and deletes dot phrases in bulk, sending more than 100 in batches, refusing over 1,000', async () => {
    const { page } = h;
    const bulk = page.getByLabel('Add phrases, one per line: .shortcut = text');
    await bulk.fill('.bp Blood pressure normal.');
    expect(await page.locator('#bulk-count').textContent()).toContain(
      '0 / 1,000 phrases per save — 1 line without “=” left out',
    );
    await bulk.fill('.bp = Blood pressure normal.\n.hr = Heart rate regular.\n.rr = Breathing unlaboured.');
    expect(await page.locator('#bulk-count').textContent()).toContain('3 / 1,000 phrases per save');
    expect(await page.locator('#bulk-count').textContent()).not.toContain('left out');
    await page.getByRole('button', { name: 'Add phrases' }).click();
    await expect
      .poll(phrasesOnService)
      .toEqual(['.bp=Blood pressure normal.', '.hr=Heart rate regular.', '.rr=Breathing unlaboured.']);
    // The field empties once main has answered, which may be after the service has the phrases.
    await expect.poll(() => bulk.inputValue()).toBe('');

    // Change two at once (bulk update).
    const list = page.getByTestId('dot-phrases');
    await list.getByRole('checkbox', { name: /\.bp/ }).check();
    await list.getByRole('checkbox', { name: /\.hr/ }).check();
    await page.getByRole('button', { name: 'Change selected (2)' }).click();
    await page.getByLabel('Text 1').fill('Blood pressure 120/80.');
    await page.getByLabel('Shortcut 2').fill('.pulse');
    await page.screenshot({ path: `${SHOTS}/13-settings-phrases-edit.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save changes (2)' }).click();
    await expect
      .poll(phrasesOnService)
      .toEqual(['.bp=Blood pressure 120/80.', '.pulse=Heart rate regular.', '.rr=Breathing unlaboured.']);
    expect(requestsTo('/dot-phrases/bulk-update')).toBe(1);

    // Delete two at once (bulk delete).
    await list.getByRole('checkbox', { name: /\.pulse/ }).check();
    await list.getByRole('checkbox', { name: /\.rr/ }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await expect.poll(phrasesOnService).toEqual(['.bp=Blood pressure 120/80.']);
    expect(requestsTo('/dot-phrases/bulk-delete')).toBe(1);

    // 101 lines: one save, sent as two requests (the service takes at most 100 a request).
    const lines = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `.p${from + i} = Phrase ${from + i}`).join('\n');
    const creates = requestsTo('/dot-phrases/bulk-create');
    await bulk.fill(lines(101));
    expect(await page.locator('#bulk-count').textContent()).toContain('101 / 1,000 phrases per save');
    await page.getByRole('button', { name: 'Add phrases' }).click();
    await expect.poll(async () => (await phrasesOnService()).length).toBe(102);
    expect(requestsTo('/dot-phrases/bulk-create')).toBe(creates + 2);

    // 1,001 at once is refused with what to do, nothing sent.
    await bulk.fill(lines(1_001, 200));
    await page.getByRole('button', { name: 'Add phrases' }).click();
    expect(await page.getByTestId('phrases-refused').textContent()).toBe(
      '1,001 phrases to add: at most 1,000 at a time. Leave out 1 and do them in a second step. Nothing was sent.',
    );
    expect(requestsTo('/dot-phrases/bulk-create')).toBe(creates + 2);
    await bulk.fill('');

    // 102 selected for delete: two requests, all gone.
    await page.getByLabel('Select all (102)').check();
    await page.getByRole('button', { name: 'Delete selected (102)' }).click();
    await expect.poll(async () => (await phrasesOnService()).length).toBe(0);
    expect(requestsTo('/dot-phrases/bulk-delete')).toBe(3);
    await page.screenshot({ path: `${SHOTS}/14-settings-phrases-batches.png`, fullPage: true });
  });

  it('adds, changes and deletes dictation text replacements', async () => {
    const { page } = h;
    const form = page.getByRole('form', { name: 'Add replacement' });
    await form.getByLabel('When I say').fill('b p');
    await form.getByLabel('Write').fill('BP');
    await form.getByRole('button', { name: 'Add replacement' }).click();
    await expect.poll(replacementsOnService).toEqual(['b p=BP', IT_WORD]);

    await page.getByRole('button', { name: 'Change replacement b p' }).click();
    const change = page.getByRole('form', { name: 'Change replacement' });
    expect(await change.getByLabel('When I say').inputValue()).toBe('b p');
    // Keyboard users land in the field they are changing.
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('rep-spoken');
    await change.getByLabel('Write').fill('blood pressure');
    await change.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(replacementsOnService).toEqual(['b p=blood pressure', IT_WORD]);
    // The service has it before the answer reaches the page: wait for the list, do not read it at once.
    await expect
      .poll(() => page.getByTestId('replacements').textContent())
      .toContain('“b p” → blood pressure');

    await page.getByRole('button', { name: 'Delete replacement b p' }).click();
    await expect.poll(replacementsOnService).toEqual([IT_WORD]);
    await page.screenshot({ path: `${SHOTS}/07-settings-clinician.png`, fullPage: true });
    // IT's word: in the service, shown as the organization's, with nothing to change or delete it by.
    const it = page.getByTestId('replacements').getByRole('listitem').filter({ hasText: 'Lisinopril' });
    await expect.poll(() => it.textContent()).toContain('From your organization (not editable)');
    expect(await it.getByRole('button').count()).toBe(0);
    // Every editor of a clinician's Settings can be reached and named by assistive technology.
    expect(await unnamedFocusables(page, 'Settings (clinician)')).toEqual([]);
    expect(await h.cspViolations()).toEqual([]);
  });

  it('shows IT’s words as the organization’s in French too', async () => {
    const { page } = h;
    await page.locator('#display-language').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    const panel = page.locator('section[aria-labelledby="rep-heading"]');
    await expect.poll(() => panel.textContent()).toContain(LOCALES.fr.ui.replacements.organization);
    await panel.screenshot({ path: `${SHOTS}/07-settings-replacements-fr.png` });
    await page.locator('#display-language').selectOption('en');
  });
});
