import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScriptedWav } from '../../../../main/programs/local-service/speech.ts';
import {
  call,
  serverToken,
  startHarness,
  userSession,
  VISIT,
  type Harness,
  serverForSuite,
} from './helpers.ts';

const S = '/v1/core/server';

describe('local service: async jobs', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    // A frozen base clock: only control.advance moves time, so retention can be checked to the millisecond.
    const frozen = Date.now();
    h = await startHarness({ jobs: { ongoingPolls: 2, ongoingMs: 5_000 }, now: () => frozen });
    token = await serverToken(h);
  });
  afterAll(() => h.service.close());

  const start = (body: Record<string, unknown> = {}, bearer = token, base = S) =>
    call(h.service, 'POST', `${base}/generate-note-async`, {
      token: bearer,
      body: { transcript_items: VISIT, locale: 'ENGLISH_US', ...body },
    });
  const poll = (id: string, bearer = token, base = S) =>
    call(h.service, 'GET', `${base}/generate-note-async/${id}`, { token: bearer });

  it('stays ONGOING for the configured polls and time, then SUCCEEDS with the note', async () => {
    const { body } = await start();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await poll(body.id)).body).toEqual({ id: body.id, status: 'ONGOING' });
    expect((await poll(body.id)).body.status).toBe('ONGOING');
    expect((await poll(body.id)).body.status).toBe('ONGOING'); // polls done, but 5 s not yet
    h.service.control.advance(5_000);
    const done = await poll(body.id);
    expect(done.body.status).toBe('SUCCEEDED');
    expect(done.body.payload.note.template_key).toBe('GENERIC_MULTIPLE_SECTIONS');
    const sync = await call(h.service, 'POST', `${S}/generate-note`, {
      token,
      body: { transcript_items: VISIT, locale: 'ENGLISH_US' },
    });
    expect(done.body.payload).toEqual(sync.body);
  });

  it('fails the next job when told', async () => {
    h.service.control.failNextJob();
    const { body } = await start();
    h.service.control.advance(5_000);
    await poll(body.id);
    await poll(body.id);
    const failed = await poll(body.id);
    expect(failed.body).toEqual({ id: body.id, status: 'FAILED' });
    const next = await start();
    await poll(next.body.id);
    await poll(next.body.id);
    h.service.control.advance(5_000);
    expect((await poll(next.body.id)).body.status).toBe('SUCCEEDED');
  });

  it('is idempotent on client_request_id and refuses input errors at start', async () => {
    const first = await start({ client_request_id: 'visit-42' });
    const again = await start({ client_request_id: 'visit-42' });
    expect(again.body.id).toBe(first.body.id);
    expect((await poll(first.body.id)).body.client_request_id).toBe('visit-42');
    const other = await start({ client_request_id: 'visit-43' });
    expect(other.body.id).not.toBe(first.body.id);
    const short = await start({ transcript_items: [{ text: 'Hi.', speaker_type: 'DOCTOR' }] });
    expect(short.status).toBe(422);
  });

  it('forgets results after the retention period and hides jobs from other callers', async () => {
    const { body } = await start();
    const session = await userSession(h, token);
    expect((await poll(body.id, session.access, '/v1/core/user')).status).toBe(404);
    h.service.control.advance(5_000 + 2 * 60 * 60 * 1000 - 1);
    token = await serverToken(h); // the old one expired meanwhile; same client, same owner
    expect((await poll(body.id)).status).toBe(200);
    h.service.control.advance(1);
    expect((await poll(body.id)).status).toBe(404);
    expect((await poll('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('local service: other async endpoints', () => {
  it('runs transcribe-async and generate-suggested-orders-async through the same lifecycle', async () => {
    const h = await startHarness({ jobs: { ongoingPolls: 0, ongoingMs: 0 } });
    try {
      const token = await serverToken(h);
      const form = new FormData();
      form.set(
        'request_parameters',
        JSON.stringify({ speech_locales: ['ENGLISH_US'], client_request_id: 'rec-1' }),
      );
      form.set(
        'file',
        new Blob([writeScriptedWav('Patient: My knee hurts after running.', 2000)], { type: 'audio/wav' }),
        'k.wav',
      );
      const started = await call(h.service, 'POST', `${S}/transcribe-async`, { token, form });
      const polled = await call(h.service, 'GET', `${S}/transcribe-async/${started.body.id}`, { token });
      expect(polled.body).toMatchObject({ status: 'SUCCEEDED', client_request_id: 'rec-1' });
      expect(polled.body.payload.transcript_items[0]).toMatchObject({
        text: 'My knee hurts after running.',
        speaker_type: 'PATIENT',
      });
      const note = (
        await call(h.service, 'POST', `${S}/generate-note`, {
          token,
          body: { transcript_items: VISIT, locale: 'ENGLISH_US' },
        })
      ).body.note;
      const orders = await call(h.service, 'POST', `${S}/generate-suggested-orders-async`, {
        token,
        body: { note },
      });
      const result = await call(h.service, 'GET', `${S}/generate-suggested-orders-async/${orders.body.id}`, {
        token,
      });
      const sync = await call(h.service, 'POST', `${S}/generate-suggested-orders`, { token, body: { note } });
      expect(result.body.payload).toEqual(sync.body);
      expect(sync.body.suggested_orders.length).toBeGreaterThan(0);
    } finally {
      await h.service.close();
    }
  });
});

describe('local service: fault injection', () => {
  let h: Harness;
  let token: string;
  serverForSuite((s) => ({ h, token } = s));

  it('fails the next N requests of a path, then serves normally', async () => {
    h.service.control.failNext({ path: '/users', status: 503, count: 2 });
    expect((await call(h.service, 'GET', `${S}/users`, { token })).status).toBe(503);
    const second = await call(h.service, 'GET', `${S}/users`, { token });
    expect(second.status).toBe(503);
    expect(second.body.name).toBe('SERVICE_UNAVAILABLE');
    expect((await call(h.service, 'GET', `${S}/users`, { token })).status).toBe(200);
  });

  it('answers 429 with Retry-After', async () => {
    h.service.control.failNext({
      path: `${S}/users`,
      method: 'POST',
      status: 429,
      headers: { 'retry-after': '2' },
    });
    expect((await call(h.service, 'GET', `${S}/users`, { token })).status).toBe(200);
    const limited = await call(h.service, 'POST', `${S}/users`, { token, body: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
  });

  it('drops the connection', async () => {
    h.service.control.dropNext({ path: /\/users$/ });
    await expect(call(h.service, 'GET', `${S}/users`, { token })).rejects.toThrow();
    expect((await call(h.service, 'GET', `${S}/users`, { token })).status).toBe(200);
    expect(h.service.control.requests.some((r) => r.status === -1)).toBe(true);
  });

  it('delays a response', async () => {
    h.service.control.delayNext({ path: '/users', ms: 150 });
    const started = performance.now();
    expect((await call(h.service, 'GET', `${S}/users`, { token })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
