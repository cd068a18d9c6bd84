/**
 * A Spanish window and the note's language (issue 19): the service writes notes in English, British English
 * and French only (public facts), so the Note screen says plainly, in Spanish, why the note will be in
 * English, and that the patient instructions can still be in Spanish. A French window, whose note is
 * written in French, says nothing of the kind.
 */
import { describe, expect, it } from 'vitest';
import { SHOTS } from './bridge/fixtures.ts';
import { appPerFile } from './bridge/per-file.ts';

describe('the note’s language in a Spanish window', () => {
  const h = appPerFile();

  it('says in Spanish why the note is written in English', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Language of the app').selectOption('es');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('button', { name: 'Conexión', exact: true }).click();
    await page.getByRole('button', { name: 'Iniciar la consulta de ejemplo' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Consulta');
    await page.getByRole('button', { name: 'Nota', exact: true }).click();
    const notice = page.getByTestId('note-language-notice');
    await expect.poll(() => notice.count()).toBe(1);
    expect(await page.locator('#note-locale').inputValue()).toBe('ENGLISH_US');
    expect((await notice.innerText()).trim()).toBe(
      'El servicio no redacta notas en español, así que esta nota se escribirá en inglés (Estados Unidos). ' +
        'Las indicaciones para el paciente sí pueden estar en español (en Códigos y más).',
    );
    // A screen reader hears it with the language picker.
    expect(await page.locator('#note-locale').getAttribute('aria-describedby')).toBe('note-language-notice');
    // It names the language chosen for the note.
    await page.locator('#note-locale').selectOption('FRENCH_FR');
    await expect.poll(() => notice.innerText()).toContain('esta nota se escribirá en francés (Francia)');
    await page.locator('#note-locale').selectOption('ENGLISH_US');
    await page.screenshot({ path: `${SHOTS}/25-spanish-note-language.png`, fullPage: true });

    // A French window writes the note in French: no such notice.
    await page.getByRole('button', { name: 'Configuración', exact: true }).click();
    await page.getByLabel('Idioma de la aplicación').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    await expect.poll(() => page.getByLabel('Langue de la note').count()).toBe(1);
    expect(await page.getByTestId('note-language-notice').count()).toBe(0);
  });
});
