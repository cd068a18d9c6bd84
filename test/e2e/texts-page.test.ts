/**
 * The Texts page in Chromium: the organization's Texts (IT's policy file) shown as such and not editable, a
 * Text created, found by the search, edited and saved in the clinician's file; a name the organization has
 * refused with a reason; "make that a Text" (its kept words set on the dictation service) named and saved from
 * the Dictation screen; a Dragon export (UTF-16, as Dragon writes it) imported from the page, with what was left
 * out named, and a file of another kind refused. Screenshots in English and French.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { previewDictationPlatform } from '../../main/shells/preview/preview-dictation.ts';
import { nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';

const DRAGON = `<?xml version="1.0" encoding="UTF-16"?>
<MyCommands version="2.0" language="0x409">
  <Commands type="global">
    <Command name="normal shoulder" group="Clinic" enabled="true" states="">
      <contents type="TEXT"><![CDATA[Shoulder: [left|right], [full] range.]]></contents>
    </Command>
    <Command name="sign off" group="Clinic" enabled="true" states="">
      <contents type="SCRIPT"><![CDATA[Sub Main
  SendKeys "script-body"
End Sub]]></contents>
    </Command>
  </Commands>
</MyCommands>`;

const ORGANIZATION = {
  version: 1,
  texts: [{ name: 'normal exam', content: 'Lungs [clear]. Side: [left|right]' }],
};

describe('the Texts page', () => {
  const h = appPerFile(async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'scribe-org-texts-')), 'texts.json');
    await writeFile(file, JSON.stringify(ORGANIZATION));
    return { dictation: previewDictationPlatform(), policy: { dictationTextsFile: file } };
  });

  it('creates, searches and edits a Text; the organization’s is shown, not editable', async () => {
    const { page } = h;
    await nav(page, 'Texts').click();
    const list = page.getByTestId('texts-list');
    const item = (name: string) => list.locator('li', { has: page.locator('strong', { hasText: name }) });
    await expect.poll(() => item('normal exam').textContent()).toContain('From your organization');
    expect(await item('normal exam').getByRole('button').count()).toBe(0);

    await page.getByRole('button', { name: 'New Text' }).click();
    await page.getByLabel('Name (said after “insert”)').fill('Normal exam');
    await page.getByLabel('Content').fill('mine');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('organization has a Text');

    await page.getByLabel('Name (said after “insert”)').fill('knee plan');
    await page.getByLabel('Content').fill('Ice, rest. Follow up in [two|four|six] weeks.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => item('knee plan').textContent()).toContain('Follow up in [two|four|six] weeks.');

    await page.getByRole('searchbox').fill('FOLLOW');
    await expect.poll(() => list.locator('li').count()).toBe(1);
    await page.getByRole('button', { name: 'Edit: knee plan' }).click();
    await page.getByLabel('Content').fill('Ice, rest. Follow up in [two|four] weeks.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => item('knee plan').textContent()).toContain('[two|four] weeks.');
    const saved = JSON.parse(await readFile(join(h.dataDir, 'texts.json'), 'utf8')) as unknown;
    expect(saved).toEqual({
      version: 1,
      texts: [{ name: 'knee plan', content: 'Ice, rest. Follow up in [two|four] weeks.' }],
    });

    await page.getByRole('searchbox').fill('');
    await expect.poll(() => list.locator('li').count()).toBe(2);
    await page.getByRole('button', { name: 'New Text' }).click();
    await page.locator('main').screenshot({ path: `${SHOTS}/texts-page-en.png` });

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Language of the app').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('navigation').getByRole('button', { name: 'Textes', exact: true }).click();
    await expect.poll(() => item('normal exam').textContent()).toContain('De votre établissement');
    await page.getByRole('button', { name: 'Nouveau Texte' }).click();
    await page.locator('main').screenshot({ path: `${SHOTS}/texts-page-fr.png` });
  });

  it('imports a Dragon export from the page and names what it left out', async () => {
    const { page } = h;
    if ((await page.locator('html').getAttribute('lang')) === 'fr') {
      await page.getByRole('button', { name: 'Paramètres', exact: true }).click();
      await page.getByLabel('Langue de l’application').selectOption('en');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    }
    await nav(page, 'Texts').click();
    const file = page.getByLabel('Import a file…');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DRAGON, 'utf16le')]);
    await file.setInputFiles({ name: 'dragon.xml', mimeType: 'text/xml', buffer: utf16 });
    const report = page.getByTestId('texts-import-report');
    await expect.poll(() => report.textContent()).toContain('1 Text imported');
    expect(await report.textContent()).toContain('“sign off”: a script, step-by-step or macro command');
    expect(await report.textContent()).not.toContain('script-body');
    await expect
      .poll(() => page.getByTestId('texts-list').textContent())
      .toContain('Shoulder: [left|right], [full] range.');
    await page.locator('main').screenshot({ path: `${SHOTS}/texts-import-en.png` });
    await file.setInputFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: utf16 });
    await expect.poll(() => report.textContent()).toContain('is not .xml');
  });

  it('"make that a Text": the Dictation screen asks its name, saves it, and lets the words go', async () => {
    const { page } = h;
    // Back to English after the test before (which ends in French).
    if ((await page.locator('html').getAttribute('lang')) === 'fr') {
      await page.getByRole('button', { name: 'Paramètres', exact: true }).click();
      await page.getByLabel('Langue de l’application').selectOption('en');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    }
    h.app.dictation!.textDraft.set('Lungs clear. Side: [left|right]');
    await nav(page, 'Dictation').click();
    const form = page.getByTestId('dictation-text-draft');
    await expect.poll(() => form.getByLabel('Content').inputValue()).toBe('Lungs clear. Side: [left|right]');
    await form.getByLabel('Name (said after “insert”)').fill('chest');
    await page.locator('main').screenshot({ path: `${SHOTS}/dictation-make-text-en.png` });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => h.app.dictation!.state().textDraft).toBeUndefined();
    await expect.poll(() => form.count()).toBe(0);
    const saved = JSON.parse(await readFile(join(h.dataDir, 'texts.json'), 'utf8')) as {
      texts: { name: string }[];
    };
    expect(saved.texts.map((t) => t.name)).toContain('chest');
  });
});
