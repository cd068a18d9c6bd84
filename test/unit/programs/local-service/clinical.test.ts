import { describe, expect, it } from 'vitest';
import { call, section, userSession, VISIT, type Harness, serverForSuite } from './helpers.ts';

const S = '/v1/core/server';
const U = '/v1/core/user';
/** A section of a note as the service answers it. */
type NoteSection = Parameters<typeof section>[0]['sections'][number];

describe('local service: clinical outputs', () => {
  let h: Harness;
  let token: string;
  serverForSuite((s) => ({ h, token } = s));

  const post = (path: string, body: unknown, bearer = token, base = S) =>
    call(h.service, 'POST', `${base}${path}`, { token: bearer, body });
  const note = async (template: string, items: readonly unknown[] = VISIT) =>
    (
      await post('/generate-note', {
        transcript_items: items,
        locale: 'ENGLISH_US',
        note_template_key: template,
      })
    ).body.note;

  it('routes transcript sentences to sections, with speaker labels', async () => {
    const generic = await note('GENERIC_MULTIPLE_SECTIONS');
    expect(section(generic, 'VITALS').content.text).toBe('Doctor: Your blood pressure is 150 over 95 today.');
    expect(section(generic, 'CURRENT_MEDICATIONS').content.text).toContain('Patient: I take lisinopril');
    const ap = section(generic, 'ASSESSMENT_AND_PLAN').content;
    expect(ap.type).toBe('SUBSECTIONS');
    const migraine = ap.subsections!.find((s) => s.title === 'Migraine')!;
    expect(migraine.text).toContain('start sumatriptan');
    const soap = await note('SOAP');
    expect(soap.sections.map((s: NoteSection) => s.key)).toEqual([
      'SUBJECTIVE',
      'OBJECTIVE',
      'ASSESSMENT',
      'PLAN',
    ]);
    expect(soap.sections.every((s: NoteSection) => s.content.type === 'TEXT')).toBe(true);
    expect(section(soap, 'PLAN').content.text).toContain('Doctor: Please follow up in two weeks.');
    const other = await note('SOAP', [
      ...VISIT,
      { text: 'I am also allergic to penicillin.', speaker_type: 'PATIENT' },
    ]);
    expect(other).not.toEqual(soap);
    expect(await note('SOAP')).toEqual(soap);
  });

  it('writes again from a current note without repeating what it already says', async () => {
    const first = await note('GENERIC_MULTIPLE_SECTIONS');
    const again = (
      await post('/generate-note', {
        transcript_items: VISIT,
        locale: 'ENGLISH_US',
        note_template_key: 'GENERIC_MULTIPLE_SECTIONS',
        current_note: first,
        unstructured_context: 'History of asthma.',
      })
    ).body.note;
    const vitals = section(again, 'VITALS').content.text!;
    expect(vitals.split('Your blood pressure is 150 over 95 today.')).toHaveLength(2);
    const lines = (text: string) => text.split('\n');
    const blocks = (again.sections as NoteSection[]).flatMap((s) =>
      s.content.type === 'TEXT' ? [s.content.text!] : s.content.subsections!.map((x) => x.text),
    );
    for (const block of blocks) expect(new Set(lines(block)).size, block).toBe(lines(block).length);
    expect(JSON.stringify(again)).toContain('History of asthma.');
  });

  it('serves templates with their source-note kinds', async () => {
    const list = await call(h.service, 'GET', `${S}/generate-note/templates?locale=FRENCH_FR`, { token });
    expect(list.body.templates.map((t: { key: string }) => t.key)).toContain('SOAP');
    expect((await call(h.service, 'GET', `${S}/generate-note/templates`, { token })).status).toBe(400);
    const generic = await call(
      h.service,
      'GET',
      `${S}/generate-note/templates/GENERIC_MULTIPLE_SECTIONS?locale=ENGLISH_US`,
      { token },
    );
    expect(generic.body.supported_source_note_section_kinds).toEqual(['ASSESSMENT_AND_PLAN']);
    const soap = await call(h.service, 'GET', `${S}/generate-note/templates/SOAP?locale=ENGLISH_US`, {
      token,
    });
    expect(soap.body.supported_source_note_section_kinds).toEqual(['ASSESSMENT', 'PLAN']);
    expect(
      (await call(h.service, 'GET', `${S}/generate-note/templates/NOPE?locale=ENGLISH_US`, { token })).status,
    ).toBe(404);
  });

  it('codes conditions and observations, linked to A&P subsections', async () => {
    const generic = await note('GENERIC_MULTIPLE_SECTIONS');
    const data = (await post('/generate-normalized-data', { note: generic })).body;
    const migraine = data.conditions.find((c: { coding: { code: string } }) => c.coding.code === 'G43.909');
    const subsection = section(generic, 'ASSESSMENT_AND_PLAN').content.subsections!.find(
      (s) => s.title === 'Migraine',
    )!;
    expect(migraine).toMatchObject({
      coding: { is_hcc: false, is_mcc: false },
      clinical_status: 'ACTIVE',
      subsection_id: subsection.id,
    });
    expect(migraine.alternative_coding.length).toBeGreaterThan(0);
    expect(data.observations).toContainEqual(
      expect.objectContaining({ value: 150, coding: expect.objectContaining({ code: '8480-6' }) }),
    );
  });

  it('suggests orders, writes and translates instructions, and refuses a note without actions (83023)', async () => {
    const soap = await note('SOAP');
    const orders = (await post('/generate-suggested-orders', { note: soap })).body.suggested_orders;
    expect(orders).toContainEqual(
      expect.objectContaining({
        category: 'MEDICATION',
        action: 'START',
        dose_value: 50,
        dose_unit: 'mg',
        prn: true,
      }),
    );
    expect(orders).toContainEqual(
      expect.objectContaining({ category: 'LABORATORY_TEST', description: 'Lipid panel' }),
    );
    const instructions = (
      await post('/generate-patient-instructions', { note: soap, instructions_locale: 'ENGLISH_US' })
    ).body.instructions;
    expect(instructions).toContain('follow up in two weeks');
    const same = await post('/translate-patient-instructions', {
      instructions,
      current_locale: 'ENGLISH_US',
      new_locale: 'ENGLISH_US',
    });
    expect(same.body.instructions).toBe(instructions);
    const french = (
      await post('/translate-patient-instructions', {
        instructions,
        current_locale: 'ENGLISH_US',
        new_locale: 'FRENCH_FR',
      })
    ).body.instructions;
    expect(french).toMatch(/traduit automatiquement[^\n]*$/);
    const chat = [
      {
        text: 'Hello, how was the drive over here today? The weather is lovely this week.',
        speaker_type: 'DOCTOR',
      },
    ];
    const empty = await post('/generate-patient-instructions', {
      note: await note('SOAP', chat),
      instructions_locale: 'ENGLISH_US',
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 83023, name: 'NOTE_HAS_NO_PATIENT_INSTRUCTIONS_INFORMATION' });
  });

  it('computes E/M codes from structured inputs and from a note (async)', async () => {
    const compute = (body: unknown) => post('/compute-em-codes', body);
    expect(
      (
        await compute({
          em_specialty_kind: 'FAMILY_MEDICINE',
          patient_type: 'ESTABLISHED',
          medical_decision_making_level: 'MODERATE',
        })
      ).body.codes[0].code,
    ).toBe('99214');
    expect(
      (
        await compute({
          em_specialty_kind: 'FAMILY_MEDICINE',
          patient_type: 'NEW',
          total_time_minutes: 62,
          medical_decision_making_level: 'LOW',
        })
      ).body.codes[0],
    ).toMatchObject({ code: '99205', basis: 'TIME' });
    expect(
      (
        await compute({
          em_specialty_kind: 'EMERGENCY_MEDICINE',
          patient_type: 'NEW',
          medical_decision_making_level: 'HIGH',
        })
      ).body.codes[0].code,
    ).toBe('99285');
    const started = await post('/generate-em-codes-async', {
      note: await note('SOAP'),
      em_specialty_kind: 'CARDIOLOGY',
    });
    await call(h.service, 'GET', `${S}/generate-em-codes-async/${started.body.id}`, { token });
    const done = await call(h.service, 'GET', `${S}/generate-em-codes-async/${started.body.id}`, { token });
    expect(done.body.status).toBe('SUCCEEDED');
    expect(done.body.payload.codes[0].code).toBe('99215');
  });

  it('edits a note by instruction', async () => {
    const soap = await note('SOAP');
    const edited = (
      await post('/edit-note-with-instructions', {
        note: soap,
        instructions: 'replace "two weeks" with "one month"',
      })
    ).body.note;
    expect(section(edited, 'PLAN').content.text).toContain('one month');
    expect(section(edited, 'PLAN').content.text).not.toContain('two weeks');
  });

  it('uses the user note settings for user callers', async () => {
    const session = await userSession(h, token);
    const patch = await call(h.service, 'PATCH', `${U}/note-settings`, {
      token: session.access,
      body: { note_template_key: 'SOAP', note_locale: 'FRENCH_FR' },
    });
    expect(patch.body).toEqual({ note_template_key: 'SOAP', note_locale: 'FRENCH_FR' });
    const custom = await call(h.service, 'PATCH', `${U}/note-settings/templates/SOAP/customization`, {
      token: session.access,
      body: { sections: [{ section_key: 'PLAN', style: 'BULLET_POINTS', custom_instruction: 'Short.' }] },
    });
    expect(custom.body.sections).toEqual([
      { section_key: 'PLAN', style: 'BULLET_POINTS', custom_instruction: 'Short.' },
    ]);
    const tooLong = await call(h.service, 'PATCH', `${U}/note-settings/templates/SOAP/customization`, {
      token: session.access,
      body: { note_template_custom_instructions: 'x'.repeat(701) },
    });
    expect(tooLong.status).toBe(400);
    const generated = await post(
      '/generate-note',
      { transcript_items: VISIT, locale: 'ENGLISH_US' },
      session.access,
      U,
    );
    expect(generated.body.note.template_key).toBe('SOAP');
    expect(
      section(generated.body.note, 'PLAN')
        .content.text!.split('\n')
        .every((line: string) => line.startsWith('- Doctor:')),
    ).toBe(true);
    const templates = await call(h.service, 'GET', `${U}/note-settings/templates`, { token: session.access });
    expect(
      templates.body.templates.find((t: { key: string }) => t.key === 'GENERIC_MULTIPLE_SECTIONS').title,
    ).toBe('Sections multiples');
  });
});
