/**
 * The window in the clinician's language (issue 19): chosen in Settings, French from then on, end to end —
 * the sample visit, its transcript, the note (written in French) and codes — with `<html lang>` following.
 * On the way, the words items: the transcript's speaker labels are the note's, Settings does not call the
 * sample the organization's sign-in, and "Show its sections" becomes "Hide its sections".
 */
import { describe, expect, it } from 'vitest';
import { SHOTS } from './bridge/fixtures.ts';
import type { AppHarness } from './bridge/harness.ts';
import { appPerFile } from './bridge/per-file.ts';
import { LOCALES } from '../../preload/words/index.ts';

/** Every English text of the window's words that French says otherwise (a few words are the same in both). */
function englishTexts(): string[] {
  const texts: string[] = [];
  const walk = (en: unknown, fr: unknown): void => {
    if (typeof en === 'string') {
      if (en !== fr && en.length > 8) texts.push(en);
    } else if (en && typeof en === 'object')
      for (const [key, value] of Object.entries(en)) walk(value, (fr as Record<string, unknown>)[key]);
  };
  walk(LOCALES.en.ui, LOCALES.fr.ui);
  walk(LOCALES.en.settingTitles, LOCALES.fr.settingTitles);
  return texts;
}

/** The English texts a screen still shows, read from the page's text (hidden text left out). */
async function englishLeft(h: AppHarness): Promise<string[]> {
  const shown = await h.page.locator('body').innerText();
  return englishTexts().filter((text) => shown.includes(text));
}

describe('the window in French', () => {
  const h = appPerFile();

  it('runs the sample visit through note and codes in French once Settings says so', async () => {
    const { page } = h;
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Language of the app').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Paramètres');
    const tabs = await page.getByRole('navigation').getByRole('button').allInnerTexts();
    expect(tabs).toEqual([
      'Connexion',
      'Consultation',
      'Note',
      'Codes et plus',
      'Dictée',
      'Textes',
      'Paramètres',
    ]);

    await page.getByRole('button', { name: 'Connexion', exact: true }).click();
    await page.getByRole('button', { name: 'Lancer la consultation d’exemple' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Consultation');
    expect(await page.getByTestId('sample-label').textContent()).toContain('pas pour les soins');
    await page
      .getByLabel('Le patient a accepté que cette consultation soit enregistrée et transcrite.')
      .check();
    await page.getByRole('button', { name: 'Démarrer l’enregistrement' }).click();
    await expect
      .poll(() => page.getByTestId('visit-phase').textContent(), { timeout: 40_000 })
      .toBe('Consultation terminée');
    const speakers = new Set(await page.locator('li[data-final="true"] .speaker').allInnerTexts());
    expect([...speakers].every((s) => ['Médecin', 'Patient', 'Intervenant'].includes(s))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/20-french-visit.png` });

    // The Visit screen's button writes the note at once (issue 31), in French: a French window writes the
    // note in French unless a setting or IT says otherwise.
    await page.getByRole('button', { name: 'Rédiger la note' }).click();
    await expect.poll(() => page.locator('article[data-section]').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Langue de la note').inputValue()).toBe('FRENCH_FR');
    // The note labels who spoke with the transcript's own words (issue 19: "Clinician" vs "Doctor:").
    const note = (await page.getByTestId('section-body').allInnerTexts()).join('\n');
    const labels = [...note.matchAll(/^(Médecin|Praticien|Docteur|Patient|Intervenant) ?:/gm)].map(
      (m) => m[1],
    );
    for (const label of labels) expect(['Médecin', 'Patient', 'Intervenant']).toContain(label);
    // The sample's note is written in clinical French (issue 19), not the English note nor transcript lines.
    expect(note).toContain('Douleur thoracique depuis trois jours, majorée à l’effort.');
    expect(note).toContain('Adresser en cardiologie pour une épreuve d’effort.');
    expect(note).not.toMatch(/\b(chest|pain|shortness|breath|the)\b/i);
    expect(await page.locator('article[data-section="ASSESSMENT_AND_PLAN"] strong').allInnerTexts()).toEqual([
      'Douleur thoracique',
      'Dyspnée',
      'Pression artérielle élevée',
    ]);
    // A French note of an English conversation: nothing linked nor marked, said once in French (issue 30).
    await expect
      .poll(() => page.getByTestId('evidence-other-language').textContent())
      .toContain('ne fonctionnent que si la note est dans la langue de la conversation');
    expect(await page.locator('[data-testid="note-sentence"]').count()).toBe(0);
    expect(await page.getByTestId('evidence-mark').count()).toBe(0);
    await page.getByRole('button', { name: 'Copier toute la note' }).click();
    await expect.poll(() => page.getByTestId('copy-status').textContent()).toMatch(/^Note copiée \(\d/);
    await page.screenshot({ path: `${SHOTS}/21-french-note.png`, fullPage: true });

    await page.getByRole('button', { name: 'Continuer vers les codes' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Codes et plus');
    await expect
      .poll(() => page.locator('[data-testid="conditions"], [data-testid="observations"]').count())
      .toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Pathologies (CIM-10)' }).count()).toBe(1);
    // Codes unchanged from the English sample: one per problem.
    const codes = await page.getByTestId('conditions').innerText();
    for (const code of ['R07.9', 'R06.02', 'R03.0']) expect(codes).toContain(code);
    // Each problem's clinical status in French ("actif"), not the service's code.
    expect(codes).toContain('actif');
    expect(codes.toLowerCase()).not.toContain('active');
    // Patient instructions start in the note's language.
    expect(await page.locator('#pi-locale').inputValue()).toBe('FRENCH_FR');
    await page.getByRole('button', { name: 'Suggérer des prescriptions' }).click();
    await expect.poll(() => page.getByTestId('orders').count()).toBe(1);
    // Orders under their categories named in French, the orders themselves written in French.
    const orders = page.getByTestId('orders');
    await expect
      .poll(() => orders.locator('h3').allInnerTexts())
      .toEqual([
        'Actes et explorations',
        'Examens biologiques',
        'Imagerie',
        'Médicaments',
        'Avis spécialisés',
      ]);
    expect(await orders.innerText()).toContain('Bilan lipidique');
    // The aspirin order's action and route named in French, not the service's START and ORAL; its
    // frequency as the French note wrote it.
    const medication = orders.locator('li', { hasText: 'Aspirine 81 mg' }).locator('dl.med');
    expect(await medication.locator('dt').allInnerTexts()).toEqual([
      'Action',
      'Dose',
      'Fréquence',
      'Voie',
      'Si besoin',
    ]);
    expect(await medication.locator('dd').allInnerTexts()).toEqual([
      'débuter',
      '81 mg',
      'une fois par jour',
      'orale (per os)',
      'Non',
    ]);
    // Copied for the EHR as shown.
    await page.getByRole('button', { name: 'Copier la prescription Aspirine 81 mg' }).click();
    await expect
      .poll(() => h.clipboard.writes.at(-1))
      .toBe('Aspirine 81 mg, débuter, 81 mg, une fois par jour, orale (per os)');
    await orders.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/22-french-codes.png`, fullPage: true });
    await orders.screenshot({ path: `${SHOTS}/22b-french-orders.png` });

    // Settings during the sample: not "connected with your organization's credentials".
    await page.getByRole('button', { name: 'Paramètres', exact: true }).click();
    const hint = page.getByTestId('clinician-only');
    await expect.poll(() => hint.textContent()).toContain('service local intégré');
    expect(await hint.textContent()).not.toContain('identifiants de votre établissement');
    // One button shows the template's sections, then hides them again.
    await page.getByRole('button', { name: 'Afficher ses sections' }).click();
    const hide = page.getByRole('button', { name: 'Masquer ses sections' });
    await expect.poll(() => hide.count()).toBe(1);
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('fieldset legend').count()).toBeGreaterThan(0);
    // Its sections are named in French from their keys (CHIEF_COMPLAINT), not main's English titles.
    expect(await page.locator('fieldset legend').allTextContents()).toContain('Motif de consultation');
    await page.screenshot({ path: `${SHOTS}/23-french-settings.png`, fullPage: true });
    await hide.click();
    await expect.poll(() => page.locator('fieldset legend').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Afficher ses sections' }).count()).toBe(1);
    // Settings and Connect hold no English of the words module's (issue 19: the window in French).
    expect(await englishLeft(h)).toEqual([]);
    await page.getByRole('button', { name: 'Connexion', exact: true }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Connexion');
    await page.screenshot({ path: `${SHOTS}/24-french-connect.png`, fullPage: true });
    expect(await englishLeft(h)).toEqual([]);
    await page.getByRole('button', { name: 'Paramètres', exact: true }).click();

    // Back to English: the choice is the person's, and the window follows at once.
    await page.getByLabel('Langue de l’application').selectOption('en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Settings');
    expect(await h.cspViolations()).toEqual([]);
  });
});
