/**
 * The forms the vendor's own public sample client (API version 2026-07-01) sends and the real service
 * accepts (public-facts.md, last section): the local service must accept each, and stay strict on the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, serverToken, startHarness, userSession, VISIT, type Harness } from './helpers.ts';

const S = '/v1/core/server';
const U = '/v1/core/user';
const SAMPLE = '2026-07-01';

describe('local service: the vendor sample client’s forms', () => {
  let h: Harness;
  let token: string;
  let user: { access: string };
  beforeAll(async () => {
    h = await startHarness({ jobs: { ongoingPolls: 0 } });
    token = await serverToken(h);
    user = await userSession(h, token);
  });
  afterAll(() => h.service.close());

  const post = (path: string, body: unknown, version: string | null = SAMPLE, bearer = token) =>
    call(h.service, 'POST', path, { token: bearer, body, version });
  const generate = (version: string | null, extra: Record<string, unknown> = {}) =>
    post(`${S}/generate-note`, { transcript_items: VISIT, locale: 'ENGLISH_US', ...extra }, version);

  it('answers notes with a flat sections[].text before 2026-08-25, the content union from it', async () => {
    const flat = await generate(SAMPLE);
    expect(flat.status).toBe(200);
    for (const section of flat.body.note.sections) {
      expect(typeof section.text).toBe('string');
      expect(section).not.toHaveProperty('content');
    }
    const union = await generate('2026-08-25');
    expect(union.body.note.sections[0].content).toMatchObject({ type: 'TEXT' });
    expect(union.body.note.sections[0]).not.toHaveProperty('text');
    // No version at all: the organization's pinned version (2026-07-01 by default) shapes the answer.
    expect(typeof (await generate(null)).body.note.sections[0].text).toBe('string');
  });

  it('takes flat notes in before 2026-08-25 (edit, codes, current_note, source_note) and refuses the union there', async () => {
    const note = (await generate(SAMPLE)).body.note;
    const edited = await post(`${S}/edit-note-with-instructions`, { note, instructions: 'clear VITALS' });
    expect(edited.status).toBe(200);
    expect(edited.body.note.sections.find((s: { key: string }) => s.key === 'VITALS').text).toBe('');
    expect((await post(`${S}/generate-normalized-data`, { note })).status).toBe(200);
    expect((await generate(SAMPLE, { current_note: note })).status).toBe(200);
    const source = { type: 'DRAFT', sections: [{ kind: 'ASSESSMENT_AND_PLAN', text: 'Migraine.' }] };
    expect((await generate(SAMPLE, { structured_context: { source_note: source } })).status).toBe(200);

    const union = (await generate('2026-10-05')).body.note;
    const refused = await post(`${S}/generate-normalized-data`, { note: union });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/content needs API version 2026-08-25/);
    // …and the flat form is refused from 2026-08-25.
    expect((await post(`${S}/generate-normalized-data`, { note }, '2026-10-05')).status).toBe(400);
  });

  it('takes a flat note on every endpoint that takes a note, before 2026-08-25', async () => {
    const note = (await generate(SAMPLE)).body.note;
    const bodies: [string, Record<string, unknown>][] = [
      ['/edit-note-with-instructions', { note, instructions: 'clear VITALS' }],
      ['/generate-normalized-data', { note }],
      ['/generate-normalized-data-async', { note }],
      ['/generate-patient-instructions', { note, instructions_locale: 'ENGLISH_US' }],
      ['/generate-em-codes-async', { note, em_specialty_kind: 'FAMILY_MEDICINE' }],
    ];
    for (const [path, body] of bodies) {
      const answer = await post(`${S}${path}`, body);
      expect({ path, status: answer.status, message: answer.body.message }).toEqual({
        path,
        status: 200,
        message: undefined,
      });
    }
  });

  it('shapes an async note by the version of the poll', async () => {
    const started = await post(`${S}/generate-note-async`, { transcript_items: VISIT, locale: 'ENGLISH_US' });
    const poll = (version: string) =>
      call(h.service, 'GET', `${S}/generate-note-async/${started.body.id}`, { token, version });
    expect((await poll(SAMPLE)).body.payload.note.sections[0]).toHaveProperty('text');
    expect((await poll('2026-10-05')).body.payload.note.sections[0]).toHaveProperty('content');
  });

  it('lets a user caller leave locale out: the stored note settings supply it; a server caller may not', async () => {
    const patched = await call(h.service, 'PATCH', `${U}/note-settings`, {
      token: user.access,
      body: { note_locale: 'FRENCH_FR' },
    });
    expect(patched.status).toBe(200);
    const answer = await post(`${U}/generate-note`, { transcript_items: VISIT }, SAMPLE, user.access);
    expect(answer.status).toBe(200);
    expect(answer.body.note.locale).toBe('FRENCH_FR');
    const server = await post(`${S}/generate-note`, { transcript_items: VISIT });
    expect(server.status).toBe(400);
    expect(server.body.message).toMatch(/locale/);
  });

  it('takes the speech locales as instructions_locale and translation locales', async () => {
    const note = (await generate('2026-10-05')).body.note;
    for (const locale of ['JAPANESE_JP', 'HAITIAN_HT', 'ARABIC_EG', 'ENGLISH_US']) {
      const answer = await post(
        `${S}/generate-patient-instructions`,
        { note, instructions_locale: locale },
        '2026-10-05',
      );
      expect(answer.status).toBe(200);
    }
    const translated = await post(
      `${S}/translate-patient-instructions`,
      { instructions: 'Rest.', current_locale: 'ENGLISH_US', new_locale: 'KOREAN_KR' },
      '2026-10-05',
    );
    expect(translated.status).toBe(200);
    expect(
      (
        await post(
          `${S}/generate-patient-instructions`,
          { note, instructions_locale: 'KLINGON' },
          '2026-10-05',
        )
      ).status,
    ).toBe(400);
  });

  it('accepts include_corresponding_note_problems before 2026-08-25 only', async () => {
    const note = (await generate(SAMPLE)).body.note;
    const answer = await post(`${S}/generate-normalized-data`, {
      note,
      include_corresponding_note_problems: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.conditions.length).toBeGreaterThan(0);
    for (const condition of answer.body.conditions) {
      expect(condition).toHaveProperty('corresponding_note_problem');
      expect(condition).not.toHaveProperty('subsection_id');
    }
    const later = (await generate('2026-10-05')).body.note;
    const refused = await post(
      `${S}/generate-normalized-data`,
      { note: later, include_corresponding_note_problems: true },
      '2026-10-05',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/include_corresponding_note_problems/);
  });

  it('serves a request and a socket without a version under the one pinned version', async () => {
    const pinned = await startHarness({ pinnedVersion: '2025-05-21' });
    try {
      const bearer = await serverToken(pinned);
      await call(pinned.service, 'GET', `${S}/users`, { token: bearer, version: null });
      expect(pinned.service.control.requests.at(-1)!.effectiveVersion).toBe('2025-05-21');
      // text_field_context arrived in 2025-07-24: a socket under the pinned 2025-05-21 refuses it.
      const { WebSocket } = await import('ws');
      const ws = new WebSocket(
        `${pinned.service.url.replace('http', 'ws')}${S}/dictate-ws`,
        ['dictate-protocol'],
        {
          headers: { Authorization: `Bearer ${bearer}` },
        },
      );
      const frame = new Promise<Record<string, unknown>>((resolve) =>
        ws.on('message', (data) => resolve(JSON.parse(String(data)))),
      );
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(
        JSON.stringify({
          type: 'CONFIG',
          encoding: 'PCM_S16LE',
          sample_rate: 16000,
          punctuation_mode: 'EXPLICIT',
          dictation_locale: 'ENGLISH_US',
          text_field_context: { text: 'Plan:', selection_start: 5, selection_length: 0 },
        }),
      );
      expect(await frame).toMatchObject({ type: 'ERROR_MESSAGE', code: 83400 });
      ws.terminate();
    } finally {
      await pinned.service.close();
    }
  });

  it('accepts encounter_date at the top level or in structured_context, never two different dates', async () => {
    expect((await generate(SAMPLE, { encounter_date: '2026-11-20' })).status).toBe(200);
    expect((await generate(SAMPLE, { structured_context: { encounter_date: '2026-11-20' } })).status).toBe(
      200,
    );
    const both = await generate(SAMPLE, {
      encounter_date: '2026-11-20',
      structured_context: { encounter_date: '2026-11-21' },
    });
    expect(both.status).toBe(400);
    expect((await generate(SAMPLE, { structured_context: { encounter_date: '20 Nov' } })).status).toBe(400);
  });
});
