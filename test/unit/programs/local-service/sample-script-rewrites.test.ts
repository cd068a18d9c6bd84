/**
 * The sample's note changed as a clinician changes it (issue 31 item 9): written again with more context,
 * the context appears once, where it belongs, with no "Context:" label and no transcript line pasted in;
 * the Note screen's own example instruction (in English, French and Spanish) makes the plan a numbered list;
 * a drug the patient already takes is not suggested as a new start. What the visit is coded as does not change
 * with the note's language or that instruction (item 7): the same E/M level, codes and number of orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VISIT_SCRIPT } from '../../../../main/programs/local-service/clinical/sample-script.ts';
import { call, SAMPLE, serverToken, startHarness, type Harness } from './helpers.ts';
import en from '../../../../preload/words/en/ui-visit.json' with { type: 'json' };
import fr from '../../../../preload/words/fr/ui-visit.json' with { type: 'json' };
import es from '../../../../preload/words/es/ui-visit.json' with { type: 'json' };

const S = '/v1/core/server';

interface Section {
  key: string;
  content: { type: string; text?: string; subsections?: { title: string; text: string }[] };
}
interface Note {
  sections: Section[];
}
const textOf = (section: Section) =>
  section.content.type === 'TEXT'
    ? section.content.text!
    : section.content.subsections!.map((sub) => `${sub.title}\n${sub.text}`).join('\n');

describe('the sample note, changed', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness({ sampleScript: SAMPLE_VISIT_SCRIPT });
    token = await serverToken(h);
  });
  afterAll(() => h?.service.close());
  const post = async (path: string, body: unknown) =>
    (await call(h.service, 'POST', `${S}${path}`, { token, body })).body;
  const write = async (template: string, extra: object = {}, locale = 'ENGLISH_US'): Promise<Note> =>
    (
      await post('/generate-note', {
        transcript_items: SAMPLE,
        locale,
        note_template_key: template,
        ...extra,
      })
    ).note;

  it('written again with more context: each sentence once, where it belongs, no label, nothing pasted', async () => {
    const first = await write('GENERIC_MULTIPLE_SECTIONS');
    const context =
      'Known type 2 diabetes on metformin 500 mg twice daily. Plan: recheck HbA1c in three months.';
    const again = await write('GENERIC_MULTIPLE_SECTIONS', {
      unstructured_context: context,
      current_note: first,
    });
    const all = again.sections.map(textOf).join('\n');
    expect(all).not.toMatch(/\b(Context|Patient|Doctor):/);
    for (const line of SAMPLE_VISIT_SCRIPT.transcript) expect(all).not.toContain(line);
    expect(all.match(/metformin/g)).toHaveLength(1);
    expect(all.match(/HbA1c/g)).toHaveLength(1);
    const section = (key: string) => textOf(again.sections.find((s) => s.key === key)!);
    // A diagnosis from the chart is past history, not a medication because a drug is named beside it.
    expect(section('PAST_MEDICAL_HISTORY')).toContain(
      'Known type 2 diabetes on metformin 500 mg twice daily.',
    );
    expect(section('CURRENT_MEDICATIONS')).not.toMatch(/diabetes/);
    expect(section('ASSESSMENT_AND_PLAN')).toContain('Recheck HbA1c in three months.');
    // What was there before stays as it was: the chief complaint is still the script's.
    expect(section('CHIEF_COMPLAINT')).toBe(textOf(first.sections.find((s) => s.key === 'CHIEF_COMPLAINT')!));
    // Orders: the drug the patient takes is not a new start.
    const orders = (await post('/generate-suggested-orders', { note: again })).suggested_orders as {
      description: string;
      action?: string;
    }[];
    expect(orders.filter((o) => /metformin/i.test(o.description) && o.action === 'START')).toEqual([]);
  });

  it("written again with the patient's name, age and diagnoses: none of them in the HPI or medications", async () => {
    const first = await write('GENERIC_MULTIPLE_SECTIONS');
    const context =
      'Patient: Jane Doe, 54 years old. Diagnoses: hypertension. Medications: lisinopril 10 mg daily.';
    const again = await write('GENERIC_MULTIPLE_SECTIONS', {
      unstructured_context: context,
      current_note: first,
    });
    const section = (key: string) => textOf(again.sections.find((s) => s.key === key)!);
    expect(again.sections.map(textOf).join('\n')).not.toMatch(/Jane Doe|54 years/);
    expect(section('HISTORY_OF_PRESENT_ILLNESS')).toBe(
      textOf(first.sections.find((s) => s.key === 'HISTORY_OF_PRESENT_ILLNESS')!),
    );
    expect(section('PAST_MEDICAL_HISTORY')).toContain('Hypertension.');
    expect(section('CURRENT_MEDICATIONS')).toContain('Lisinopril 10 mg daily.');
    expect(section('CURRENT_MEDICATIONS')).not.toMatch(/hypertension/i);
  });

  it("follows the Note screen's example instruction in English, French and Spanish", async () => {
    for (const words of [en, fr, es]) {
      const example = /[“«]\s*(.+?)\s*[”»]/.exec(words.changes.instructionHint)![1]!;
      for (const template of ['SOAP', 'GENERIC_MULTIPLE_SECTIONS']) {
        const note = await write(template);
        const edited = (await post('/edit-note-with-instructions', { note, instructions: example }))
          .note as Note;
        const plan = edited.sections.find((s) => s.key.includes('PLAN'))!;
        const texts =
          plan.content.type === 'TEXT' ? [plan.content.text!] : plan.content.subsections!.map((s) => s.text);
        for (const text of texts)
          expect(text.split('\n').map((line) => line.slice(0, 3))).toEqual(
            text.split('\n').map((_, i) => `${i + 1}. `),
          );
        expect(JSON.stringify(edited)).not.toBe(JSON.stringify(note));
      }
    }
  });

  it('codes the visit the same in English and French, with or without the example instruction', async () => {
    const emLevel = async (note: Note) => {
      const { id } = await post('/generate-em-codes-async', {
        note,
        transcript_items: SAMPLE,
        em_specialty_kind: 'FAMILY_MEDICINE',
      });
      const poll = async () =>
        (await call(h.service, 'GET', `${S}/generate-em-codes-async/${id}`, { token })).body as {
          status: string;
          payload?: { codes: { code: string }[] };
        };
      await expect.poll(async () => (await poll()).status, { timeout: 20_000 }).toBe('SUCCEEDED');
      return (await poll()).payload!.codes.map((c) => c.code);
    };
    const coded = async (note: Note) => ({
      em: await emLevel(note),
      conditions: (
        (await post('/generate-normalized-data', { note })).conditions as { coding: { code: string } }[]
      )
        .map((c) => c.coding.code)
        .sort(),
      orders: (
        (await post('/generate-suggested-orders', { note })).suggested_orders as { category: string }[]
      ).map((o) => o.category),
    });
    for (const template of ['SOAP', 'GENERIC_MULTIPLE_SECTIONS']) {
      const english = await coded(await write(template));
      expect(english.em).toEqual(['99215']);
      for (const [locale, words] of [
        ['ENGLISH_US', en],
        ['ENGLISH_US', es],
        ['FRENCH_FR', fr],
      ] as const) {
        const example = /[“«]\s*(.+?)\s*[”»]/.exec(words.changes.instructionHint)![1]!;
        const note = await write(template, {}, locale);
        const edited = (await post('/edit-note-with-instructions', { note, instructions: example }))
          .note as Note;
        expect(await coded(note)).toEqual(english);
        expect(await coded(edited)).toEqual(english);
      }
    }
  });
});
