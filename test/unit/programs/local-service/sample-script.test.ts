/**
 * The sample visit's pre-written answers (the demo service's script): for the bundled conversation the note
 * reads like a note (no transcript line pasted, no speaker label), every problem has its code, the plan
 * gives orders, and the instructions and their translation read as real Spanish and French. Anything else,
 * and a service without the script (the tests'), gets the rule-based writer unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VISIT_SCRIPT } from '../../../../main/programs/local-service/clinical/sample-script.ts';
import { scriptInstructions } from '../../../../main/programs/local-service/clinical/scripted.ts';
import { call, SAMPLE, serverToken, startHarness, type Harness } from './helpers.ts';

const S = '/v1/core/server';

type Note = {
  sections: {
    key: string;
    content: { type: string; text?: string; subsections?: { id: string; title: string; text: string }[] };
  }[];
};
const texts = (note: Note) =>
  note.sections.flatMap((s) =>
    s.content.type === 'TEXT' ? [s.content.text!] : s.content.subsections!.map((sub) => sub.text),
  );

describe('local service: the sample visit script', () => {
  let scripted: Harness;
  let plain: Harness;
  const tokens = new Map<Harness, string>();
  beforeAll(async () => {
    scripted = await startHarness({ sampleScript: SAMPLE_VISIT_SCRIPT });
    plain = await startHarness();
    for (const h of [scripted, plain]) tokens.set(h, await serverToken(h));
  });
  afterAll(async () => {
    await scripted?.service.close();
    await plain?.service.close();
  });

  const post = async (h: Harness, path: string, body: unknown) =>
    (await call(h.service, 'POST', `${S}${path}`, { token: tokens.get(h)!, body })).body;
  const note = async (
    h: Harness,
    template: string,
    items: readonly unknown[] = SAMPLE,
    locale = 'ENGLISH_US',
  ): Promise<Note> =>
    (
      await post(h, '/generate-note', {
        transcript_items: items,
        locale,
        note_template_key: template,
      })
    ).note;

  it('writes the note in rewritten sentences, one coded problem per subsection', async () => {
    const generic = await note(scripted, 'GENERIC_MULTIPLE_SECTIONS');
    const all = texts(generic).join('\n');
    for (const line of SAMPLE_VISIT_SCRIPT.transcript) expect(all).not.toContain(line);
    expect(all).not.toMatch(/\b(Doctor|Patient):/);
    const ap = generic.sections.find((s) => s.key === 'ASSESSMENT_AND_PLAN')!.content.subsections!;
    expect(ap.map((s) => s.title)).toEqual(['Chest pain', 'Shortness of breath', 'Elevated blood pressure']);
    const data = await post(scripted, '/generate-normalized-data', { note: generic });
    const codeOf = (id: string) =>
      data.conditions.find((c: { subsection_id: string | null }) => c.subsection_id === id)?.coding.code;
    expect(ap.map((s) => codeOf(s.id))).toEqual(['R07.9', 'R06.02', 'R03.0']);
    expect(data.observations.map((o: { display: string }) => o.display)).toEqual(
      expect.arrayContaining([expect.stringMatching(/systolic/i), expect.stringMatching(/diastolic/i)]),
    );
  });

  it('gives a plan with orders, under either template', async () => {
    for (const template of ['GENERIC_MULTIPLE_SECTIONS', 'SOAP']) {
      const orders = (
        await post(scripted, '/generate-suggested-orders', { note: await note(scripted, template) })
      ).suggested_orders as { category: string; description: string }[];
      expect(orders.map((o) => `${o.category}: ${o.description}`)).toEqual(
        expect.arrayContaining([
          'LABORATORY_TEST: Lipid panel',
          'IMAGING_STUDY: Chest x-ray',
          'PROCEDURE: ECG',
          'MEDICATION: Aspirin 81 mg',
          'REFERRAL: Referral to cardiology for stress testing',
        ]),
      );
    }
  });

  it('writes instructions and translates them in real Spanish and French', async () => {
    const generic = await note(scripted, 'GENERIC_MULTIPLE_SECTIONS');
    const instructions = async (locale: string) =>
      (await post(scripted, '/generate-patient-instructions', { note: generic, instructions_locale: locale }))
        .instructions as string;
    const english = await instructions('ENGLISH_US');
    const translated = async (locale: string) =>
      (
        await post(scripted, '/translate-patient-instructions', {
          instructions: english,
          current_locale: 'ENGLISH_US',
          new_locale: locale,
        })
      ).instructions as string;
    expect(english).toBe(scriptInstructions(SAMPLE_VISIT_SCRIPT, 'ENGLISH_US'));
    expect(english).toContain('Call 911 or go to the emergency department');
    expect(await instructions('SPANISH_MX')).toBe(scriptInstructions(SAMPLE_VISIT_SCRIPT, 'SPANISH_MX'));
    // The emergency number of the instructions' country (issue 31 item 9: not 911 for Spain).
    expect(await instructions('SPANISH_MX')).toContain('Llame al 911 o vaya a urgencias');
    expect(await instructions('SPANISH_ES')).toContain('Llame al 112 o vaya a urgencias');
    expect(await instructions('ENGLISH_UK')).toContain('Call 999 or go to');
    expect(await instructions('FRENCH_FR')).toContain('Appelez le 15 ou allez');
    const spanish = await translated('SPANISH_MX');
    expect(spanish).toContain('Tome una aspirina de 81 mg todos los días');
    expect(spanish).toContain('Llame al 911'); // SPANISH_MX
    const spain = await translated('SPANISH_ES');
    expect(spain).toContain('Llame al 112 o vaya a urgencias');
    expect(spanish).not.toMatch(/Here is|SPANISH|\bthe\b/);
    expect(spanish).toMatch(/se tradujo automáticamente[^\n]*$/);
    const french = await translated('FRENCH_FR');
    expect(french).toContain('Prenez un comprimé d’aspirine de 81 mg chaque jour');
  });

  it('answers by its rules for any other conversation, an edited plan, or without the script', async () => {
    const changed = SAMPLE.map((item, i) =>
      i === 1 ? { ...item, text: 'I have had chest pain for two days.' } : item,
    );
    expect(texts(await note(scripted, 'SOAP', changed)).join('\n')).toContain(
      'Patient: I have had chest pain',
    );
    expect(texts(await note(plain, 'SOAP')).join('\n')).toContain('Patient: I have had chest pain');
    const generic = await note(scripted, 'GENERIC_MULTIPLE_SECTIONS');
    const ap = generic.sections.find((s) => s.key === 'ASSESSMENT_AND_PLAN')!.content.subsections!;
    ap[0] = { ...ap[0]!, text: `${ap[0]!.text} Start ibuprofen as needed.` };
    const edited = (
      await post(scripted, '/generate-patient-instructions', {
        note: generic,
        instructions_locale: 'ENGLISH_US',
      })
    ).instructions as string;
    expect(edited).not.toBe(scriptInstructions(SAMPLE_VISIT_SCRIPT, 'ENGLISH_US'));
    expect(edited).toContain('Start ibuprofen as needed.');
  });

  it('writes the note in French for a FRENCH_FR note, with the same coded problems and five orders in French', async () => {
    const generic = await note(scripted, 'GENERIC_MULTIPLE_SECTIONS', SAMPLE, 'FRENCH_FR');
    const all = texts(generic).join('\n');
    expect(all).toContain('Douleur thoracique depuis trois jours, majorée à l’effort.');
    expect(all).not.toMatch(/\b(chest|pain|breath|the|Doctor|Patient)\b/i);
    const ap = generic.sections.find((s) => s.key === 'ASSESSMENT_AND_PLAN')!.content.subsections!;
    expect(ap.map((s) => s.title)).toEqual(['Douleur thoracique', 'Dyspnée', 'Pression artérielle élevée']);
    // Codes unchanged: the English note's, each on its problem.
    const data = await post(scripted, '/generate-normalized-data', { note: generic });
    const codeOf = (id: string) =>
      data.conditions.find((c: { subsection_id: string | null }) => c.subsection_id === id)?.coding.code;
    expect(ap.map((s) => codeOf(s.id))).toEqual(['R07.9', 'R06.02', 'R03.0']);
    expect(data.observations).toHaveLength(2);
    for (const template of ['GENERIC_MULTIPLE_SECTIONS', 'SOAP']) {
      const french = await note(scripted, template, SAMPLE, 'FRENCH_FR');
      const orders = (await post(scripted, '/generate-suggested-orders', { note: french }))
        .suggested_orders as { category: string; description: string }[];
      expect(orders.map((o) => `${o.category}: ${o.description}`)).toEqual([
        'PROCEDURE: Électrocardiogramme (ECG)',
        'LABORATORY_TEST: Bilan lipidique',
        'IMAGING_STUDY: Radiographie thoracique',
        'MEDICATION: Aspirine 81 mg',
        'REFERRAL: Avis cardiologique pour épreuve d’effort',
      ]);
    }
    const instructions = (
      await post(scripted, '/generate-patient-instructions', {
        note: generic,
        instructions_locale: 'FRENCH_FR',
      })
    ).instructions as string;
    expect(instructions).toBe(scriptInstructions(SAMPLE_VISIT_SCRIPT, 'FRENCH_FR'));
  });

  it("gives the French note the English note's E/M level (a level has no language)", async () => {
    const level = async (locale: string) => {
      const started = await post(scripted, '/generate-em-codes-async', {
        note: await note(scripted, 'SOAP', SAMPLE, locale),
        transcript_items: SAMPLE,
        em_specialty_kind: 'FAMILY_MEDICINE',
      });
      const poll = async () =>
        (
          await call(scripted.service, 'GET', `${S}/generate-em-codes-async/${started.id}`, {
            token: tokens.get(scripted)!,
          })
        ).body as { status: string; payload?: { codes: { code: string }[] } };
      await expect.poll(async () => (await poll()).status, { timeout: 20_000 }).toBe('SUCCEEDED');
      return (await poll()).payload!.codes.map((c) => c.code);
    };
    const english = await level('ENGLISH_US');
    expect(english).toEqual(['99215']);
    expect(await level('FRENCH_FR')).toEqual(english);
  });

  it('answers a French note by its rules once edited, and never from the script without it', async () => {
    const french = await note(scripted, 'SOAP', SAMPLE, 'FRENCH_FR');
    const plan = french.sections.find((s) => s.key === 'PLAN')!;
    plan.content = { type: 'TEXT', text: `${plan.content.text}\n- Reprendre le tabac.` };
    const orders = (await post(scripted, '/generate-suggested-orders', { note: french }))
      .suggested_orders as { description: string }[];
    expect(orders.map((o) => o.description)).not.toContain('Bilan lipidique');
    const ruleBased = texts(await note(plain, 'SOAP', SAMPLE, 'FRENCH_FR')).join('\n');
    expect(ruleBased).not.toContain('Douleur thoracique depuis trois jours');
  });
});
