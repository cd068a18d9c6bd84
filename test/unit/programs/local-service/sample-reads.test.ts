/**
 * What the sample visit shows of the service: each problem the sample patient names is coded (chest pain,
 * shortness of breath), a translation reads as the target language (not "[SPANISH_MX] …"), and under the
 * vendor sample's version (2026-07-01) a note with flat section `text` gets its patient instructions.
 */
import { describe, expect, it } from 'vitest';
import { call, type Harness, serverForSuite } from './helpers.ts';

const S = '/v1/core/server';
/** The sample visit's sentences (main/programs/local-service/sample/manifest.json). */
const SAMPLE = [
  { text: 'What brings you in today?', speaker_type: 'DOCTOR' },
  { text: 'I have had chest pain for three days.', speaker_type: 'PATIENT' },
  { text: 'Does it get worse when you climb stairs?', speaker_type: 'DOCTOR' },
  { text: 'Yes, and I feel short of breath.', speaker_type: 'PATIENT' },
  { text: 'Your blood pressure is one forty over ninety.', speaker_type: 'DOCTOR' },
];

describe('local service: the sample reads like the service', () => {
  let h: Harness;
  let token: string;
  serverForSuite((s) => ({ h, token } = s));
  const post = (path: string, body: unknown, version?: string) =>
    call(h.service, 'POST', `${S}${path}`, { token, body, ...(version ? { version } : {}) });

  it('codes every problem of the sample visit, chest pain included', async () => {
    const note = (await post('/generate-note', { transcript_items: SAMPLE, locale: 'ENGLISH_US' })).body.note;
    const codes = await post('/generate-normalized-data', { note });
    expect(codes.status).toBe(200);
    const coded = codes.body.conditions.map((c: { coding: { code: string } }) => c.coding.code);
    expect(coded).toEqual(expect.arrayContaining(['R07.9', 'R06.02']));
  });

  it('translates instructions so they read as Spanish or French, with the disclaimer', async () => {
    const instructions = [
      'Here is what we agreed on today:',
      '- We will start lisinopril 10 mg once daily.',
      '- Please follow up in two weeks.',
    ].join('\n');
    const spanish = await post('/translate-patient-instructions', {
      instructions,
      current_locale: 'ENGLISH_US',
      new_locale: 'SPANISH_MX',
    });
    expect(spanish.body.instructions).toBe(
      [
        'Esto es lo que acordamos hoy:',
        '- Empezamos lisinopril 10 mg una vez al día.',
        '- Vuelva a consulta en dos semanas.',
        '',
        'Este texto se tradujo automáticamente. Consulte a su equipo de atención si algo no está claro.',
      ].join('\n'),
    );
    const french = await post('/translate-patient-instructions', {
      instructions,
      current_locale: 'ENGLISH_US',
      new_locale: 'FRENCH_FR',
    });
    expect(french.body.instructions).toContain('- Revenez en consultation dans deux semaines.');
    expect(french.body.instructions).not.toMatch(/\[FRENCH_FR\]/);
  });

  it('reads flat section text for patient instructions under 2026-07-01 (83023 only when nothing is actionable)', async () => {
    const flat = (text: string) => ({
      locale: 'ENGLISH_US',
      template_key: 'GENERIC_MULTIPLE_SECTIONS',
      sections: [
        { key: 'CHIEF_COMPLAINT', text: 'Chest pain.' },
        { key: 'ASSESSMENT_AND_PLAN', text },
      ],
    });
    const planned = await post(
      '/generate-patient-instructions',
      {
        note: flat('Chest pain\nStart aspirin 81 mg daily. Follow up in two weeks.'),
        instructions_locale: 'ENGLISH_US',
      },
      '2026-07-01',
    );
    expect(planned.status).toBe(200);
    expect(planned.body.instructions).toContain('Follow up in two weeks.');
    const nothing = await post(
      '/generate-patient-instructions',
      { note: flat('Chest pain, likely musculoskeletal.'), instructions_locale: 'ENGLISH_US' },
      '2026-07-01',
    );
    expect(nothing.status).toBe(400);
    expect(nothing.body.code).toBe(83023);
  });
});
