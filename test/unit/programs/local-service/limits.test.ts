import { DEFAULT_PINNED_VERSION } from '../../../../main/programs/local-service/versions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, serverToken, startHarness, userSession, VISIT, type Harness } from './helpers.ts';

const S = '/v1/core/server';
const U = '/v1/core/user';

describe('local service: limits and request rules', () => {
  let h: Harness;
  let token: string;
  let user: { access: string };
  beforeAll(async () => {
    h = await startHarness();
    token = await serverToken(h);
    user = await userSession(h, token);
  });
  afterAll(() => h.service.close());

  const generate = (body: Record<string, unknown>, path = `${S}/generate-note`, bearer = token) =>
    call(h.service, 'POST', path, {
      token: bearer,
      body: { transcript_items: VISIT, locale: 'ENGLISH_US', ...body },
    });
  const expect400 = async (
    answer: Promise<{ status: number; body: { message: string } }>,
    reason: RegExp,
  ) => {
    const { status, body } = await answer;
    expect(status).toBe(400);
    expect(body.message).toMatch(reason);
  };

  it('accepts a request at every limit', async () => {
    const answer = await generate({
      note_template_custom_instructions: 'x'.repeat(700),
      unstructured_context: 'é'.repeat(10_000),
      note_sections_customization: [
        { section_key: 'PHYSICAL_EXAM', style: 'BULLET_POINTS', custom_instruction: '😀'.repeat(700) },
      ],
    });
    expect(answer.status).toBe(200);
  });

  it('refuses one character over each text limit', async () => {
    await expect400(
      generate({ note_template_custom_instructions: 'x'.repeat(701) }),
      /note_template_custom_instructions is at most 700/,
    );
    await expect400(
      generate({ unstructured_context: 'x'.repeat(10_001) }),
      /unstructured_context is at most 10000/,
    );
    await expect400(
      generate({
        note_sections_customization: [{ section_key: 'VITALS', custom_instruction: 'x'.repeat(701) }],
      }),
      /custom_instruction is at most 700/,
    );
    const note = (await generate({})).body.note;
    await expect400(
      call(h.service, 'POST', `${S}/edit-note-with-instructions`, {
        token,
        body: { note, instructions: 'clear VITALS', unstructured_context: 'x'.repeat(10_001) },
      }),
      /unstructured_context/,
    );
    await expect400(
      generate({ client_request_id: 'x'.repeat(129) }, `${S}/generate-note-async`),
      /client_request_id/,
    );
  });

  it('takes note_sections_customization as an array of {section_key, style?, custom_instruction?} (public facts)', async () => {
    const item = { section_key: 'VITALS', style: 'BULLET_POINTS', custom_instruction: 'Short.' };
    await expect400(
      generate({ note_sections_customization: { VITALS: { style: 'BULLET_POINTS' } } }),
      /note_sections_customization/,
    );
    await expect400(generate({ note_sections_customization: [item, item] }), /more than once/);
    await expect400(generate({ note_sections_customization: [{ style: 'AUTO' }] }), /section_key/);
    for (const accepted of [
      [item],
      [{ section_key: 'PHYSICAL_EXAM' }],
      [{ section_key: 'VITALS', style: 'AUTO' }],
    ]) {
      expect((await generate({ note_sections_customization: accepted })).status).toBe(200);
    }
  });

  it('never echoes request content in a refusal', async () => {
    const canary = 'CANARY-PATIENT-JANE-DOE';
    const answers = [
      await generate({ unstructured_context: `${canary} `.repeat(500) }),
      await generate({ transcript_items: [{ text: canary, speaker_type: 'NURSE' }] }),
      await generate({ [canary]: 1 }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).not.toContain('CANARY');
    }
  });

  it('requires transcript items and answers 83005 (HTTP 422) for a too-short transcript', async () => {
    await expect400(
      call(h.service, 'POST', `${S}/generate-note`, { token, body: { locale: 'ENGLISH_US' } }),
      /transcript_items/,
    );
    const short = await generate({ transcript_items: [{ text: 'Hello there.', speaker_type: 'DOCTOR' }] });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ code: 83005, name: 'NOTE_GENERATION_TRANSCRIPT_TOO_SHORT' });
    const unsorted = VISIT.map((item, i) => ({ ...item, start_offset_ms: (VISIT.length - i) * 1000 }));
    await expect400(generate({ transcript_items: unsorted }), /sorted/);
  });

  it('refuses unknown and caller-restricted fields', async () => {
    await expect400(generate({ note_locale: 'ENGLISH_US' }), /unrecognized_keys note_locale/);
    await expect400(generate({ transcript_items: [{ ...VISIT[0], is_final: true }] }), /is_final/);
    await expect400(
      generate({ note_template_key: 'SOAP' }, `${U}/generate-note`, user.access),
      /note_template_key/,
    );
    await expect400(generate({ note_template_key: 'NO_SUCH' }), /unknown note template/);
  });

  it('enforces the source-note rules', async () => {
    const text = (kind: string) => ({ kind, content: { type: 'TEXT', text: 'Start amoxicillin.' } });
    const withSource = (template: string, sections: unknown[]) =>
      generate({
        note_template_key: template,
        structured_context: { source_note: { type: 'DRAFT', sections } },
      });
    await expect400(withSource('SOAP', [text('ASSESSMENT_AND_PLAN'), text('PLAN')]), /cannot be combined/);
    await expect400(
      withSource('GENERIC_MULTIPLE_SECTIONS', [text('ASSESSMENT_AND_PLAN'), text('ASSESSMENT')]),
      /cannot be combined/,
    );
    await expect400(withSource('GENERIC_MULTIPLE_SECTIONS', [text('PLAN')]), /does not accept/);
    const subsections = {
      type: 'SUBSECTIONS',
      subsections: [{ id: 'a', title: 'Otitis', text: 'Amoxicillin.' }],
    };
    await expect400(
      withSource('SOAP', [{ kind: 'PLAN', content: subsections }]),
      /only accepted on ASSESSMENT_AND_PLAN/,
    );
    await expect400(
      withSource('SOAP', [{ kind: 'ASSESSMENT_AND_PLAN', content: subsections }]),
      /cannot be combined|merged|does not accept/,
    );
    expect(
      (await withSource('GENERIC_MULTIPLE_SECTIONS', [{ kind: 'ASSESSMENT_AND_PLAN', content: subsections }]))
        .status,
    ).toBe(200);
    expect((await withSource('SOAP', [text('ASSESSMENT'), text('PLAN')])).status).toBe(200);
    const old = await call(h.service, 'POST', `${S}/generate-note`, {
      token,
      version: '2026-08-25',
      body: {
        transcript_items: VISIT,
        locale: 'ENGLISH_US',
        note_template_key: 'SOAP',
        structured_context: { source_note: { type: 'DRAFT', sections: [text('PLAN')] } },
      },
    });
    expect(old.status).toBe(400);
  });

  it('accepts SUBSECTIONS only on ASSESSMENT_AND_PLAN of a merged template', async () => {
    const soap = (await generate({ note_template_key: 'SOAP' })).body.note;
    const bad = structuredClone(soap);
    bad.sections[3].content = { type: 'SUBSECTIONS', subsections: [{ id: '1', title: 'x', text: 'y' }] };
    const answer = await call(h.service, 'POST', `${S}/generate-normalized-data`, {
      token,
      body: { note: bad },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.name).toBe('BAD_REQUEST');
    const generic = (await generate({})).body.note;
    const misplaced = structuredClone(generic);
    misplaced.sections[0].content = { type: 'SUBSECTIONS', subsections: [] };
    await expect400(
      call(h.service, 'POST', `${S}/generate-normalized-data`, { token, body: { note: misplaced } }),
      /only accepted on the ASSESSMENT_AND_PLAN/,
    );
    expect(
      (await call(h.service, 'POST', `${S}/generate-normalized-data`, { token, body: { note: generic } }))
        .status,
    ).toBe(200);
  });

  it('checks speech locales and E/M specialties', async () => {
    const transcribe = (speech_locales: unknown) => {
      const form = new FormData();
      form.set('request_parameters', JSON.stringify({ speech_locales }));
      form.set('file', new Blob([new Uint8Array(44)], { type: 'audio/wav' }), 'a.wav');
      return call(h.service, 'POST', `${S}/transcribe`, { token, form });
    };
    expect((await transcribe(['ENGLISH_US', 'SPANISH_MX'])).status).toBe(200);
    expect((await transcribe(['HAITIAN_HT'])).status).toBe(200);
    await expect400(transcribe([]), /at least one/);
    await expect400(transcribe(['ENGLISH_US', 'ENGLISH_US']), /distinct/);
    await expect400(transcribe(['ENGLISH_US', 'SPANISH_MX', 'FRENCH_FR']), /at most two/);
    await expect400(transcribe(['HAITIAN_HT', 'FRENCH_FR']), /HAITIAN_HT must be the only/);
    const compute = (em_specialty_kind: string) =>
      call(h.service, 'POST', `${S}/compute-em-codes`, {
        token,
        body: { em_specialty_kind, patient_type: 'NEW', total_time_minutes: 30 },
      });
    expect((await compute('NEUROLOGY')).status).toBe(200);
    expect((await compute('DERMATOLOGY')).status).toBe(400);
  });

  it('limits bulk dot-phrase requests to 1..100 items', async () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ trigger: `.p${i}`, content: `phrase ${i}` }));
    const bulk = (n: number) =>
      call(h.service, 'POST', `${U}/dot-phrases/bulk-create`, {
        token: user.access,
        body: { dot_phrases: items(n) },
      });
    await expect400(bulk(101), /at most 100/);
    await expect400(bulk(0), /at least one/);
    const ok = await bulk(100);
    expect(ok.status).toBe(200);
    expect(ok.body.dot_phrases).toHaveLength(100);
    const ids = ok.body.dot_phrases.map((p: { id: string }) => p.id);
    await expect400(
      call(h.service, 'POST', `${U}/dot-phrases/bulk-delete`, {
        token: user.access,
        body: { ids: [...ids, ids[0]] },
      }),
      /at most 100/,
    );
    expect(
      (await call(h.service, 'POST', `${U}/dot-phrases/bulk-delete`, { token: user.access, body: { ids } }))
        .status,
    ).toBe(200);
  });

  it('checks and records the API version of every request', async () => {
    h.service.control.clearRequests();
    await call(h.service, 'GET', `${S}/users`, { token });
    await call(h.service, 'GET', `${S}/users`, { token, version: null });
    const bad = await call(h.service, 'GET', `${S}/users`, { token, version: '2026-10-06' });
    expect(bad.status).toBe(400);
    expect((await call(h.service, 'GET', `${S}/users`, { token, version: '2023-01-01' })).status).toBe(400);
    expect((await call(h.service, 'GET', `${S}/users`, { token, version: 'latest' })).status).toBe(400);
    const log = h.service.control.requests;
    expect(log.map((r) => r.version)).toEqual(['2026-10-05', null, '2026-10-06', '2023-01-01', 'latest']);
    expect(log[0]).toMatchObject({
      method: 'GET',
      path: `${S}/users`,
      status: 200,
      caller: { kind: 'server' },
    });
    expect(log[1]!.effectiveVersion).toBe(DEFAULT_PINNED_VERSION);
    expect(JSON.stringify(log)).not.toContain(token);
    // Endpoints newer than the pinned version do not exist for an unversioned request.
    const orders = await call(h.service, 'POST', `${S}/generate-suggested-orders`, {
      token,
      version: null,
      body: {},
    });
    expect(orders.status).toBe(404);
    // The Server API (under /v1/server) has its own versions and no `users`: a Core API version is refused
    // there, and with a Server API version the path does not exist.
    expect((await call(h.service, 'GET', '/v1/server/users', { token })).status).toBe(400);
    const serverVersion = { token, version: '2023-03-30' };
    expect((await call(h.service, 'GET', '/v1/server/users', serverVersion)).status).toBe(404);
  });
});
