/**
 * The broker's schedule API and webhooks, end to end on loopback: a real OpenID provider, the broker, and
 * the local service's Server API (with the organization's Server API key). A clinician sees only their own
 * appointments and sends instructions to their own patients; another clinician's appointment is refused
 * like an unknown one; a delivery with a bad signature or an old timestamp is refused; appointment events
 * reach connected desktops as a bare "changed". Patient data never reaches the broker's log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookSignature } from '../../../main/programs/broker/webhook-signature.ts';
import {
  CANARY,
  CANARY_TEXT,
  SECRET,
  startScheduleBroker,
  type ScheduleBrokerRig,
} from './schedule-broker.ts';

let rig: ScheduleBrokerRig;
let idp: ScheduleBrokerRig['idp'];
let broker: ScheduleBrokerRig['broker'];
let store: ScheduleBrokerRig['store'];
let ids: ScheduleBrokerRig['ids'];
let lines: string[];

beforeAll(async () => {
  rig = await startScheduleBroker();
  ({ idp, broker, store, ids, lines } = rig);
});
beforeEach(() => {
  lines.length = 0;
});
afterAll(() => rig?.close());

function dayWindow(): string {
  const from = new Date();
  from.setHours(0, 0, 0, 0);
  const to = new Date(from.getTime() + 24 * 3600 * 1000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
}

async function call(path: string, token: string | undefined, init: RequestInit = {}) {
  const response = await fetch(`${broker.url}${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const lee = () => idp.sign({ oid: 'oid-dr-lee' });

describe('the schedule API', () => {
  it("lists only the signed-in clinician's appointments of the day, with their patients", async () => {
    const answer = await call(`/v1/appointments?${dayWindow()}`, await lee());
    expect(answer.status).toBe(200);
    const list = answer.body.appointments as { id: string; mode: string; patient: { last_name: string } }[];
    expect(list.map((a) => a.id).sort()).toEqual([...ids.lee].sort());
    expect(list[0]!.patient.last_name).toBe(CANARY);
    // Version 2023-03-30: two modes only.
    expect(new Set(list.map((a) => a.mode))).toEqual(new Set(['IN_PERSON', 'VIDEOCALL']));
    expect(lines.join('\n')).not.toContain(CANARY);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      route: 'list-appointments',
      outcome: 'ok',
      externalId: 'oid-dr-lee',
    });
  });

  it("refuses another clinician's appointment exactly as an unknown one, for every route", async () => {
    const token = await lee();
    const other = ids.kim[0]!;
    for (const [path, method] of [
      [`/v1/appointments/${other}`, 'GET'],
      [`/v1/appointments/${other}/finalize`, 'POST'],
    ] as const) {
      const answer = await call(path, token, { method });
      expect(answer).toMatchObject({ status: 404, body: { name: 'APPOINTMENT_NOT_FOUND' } });
    }
    const send = await call(`/v1/appointments/${other}/instructions`, token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: CANARY_TEXT, as: 'message' }),
    });
    expect(send).toMatchObject({ status: 404, body: { name: 'APPOINTMENT_NOT_FOUND' } });
    expect(store.appointments.get(other)!.status).toBe('SCHEDULED');
    expect(store.messages).toHaveLength(0);
    const unknown = await call('/v1/appointments/00000000-0000-4000-8000-000000000000', token);
    expect(unknown.body.name).toBe('APPOINTMENT_NOT_FOUND');
    expect(lines.join('\n')).not.toContain(CANARY_TEXT);
  });

  it('refuses a missing, foreign or unregistered clinician token', async () => {
    expect((await call(`/v1/appointments?${dayWindow()}`, undefined)).status).toBe(401);
    const forged = await idp.sign({ oid: 'oid-dr-lee', aud: 'another-app' });
    expect((await call(`/v1/appointments?${dayWindow()}`, forged)).body.name).toBe('WRONG_AUDIENCE');
    // Signed in two hours ago, not expired: past the hour a session's token is taken here (issue 32).
    const now = Math.floor(Date.now() / 1000);
    const old = await idp.sign({ oid: 'oid-dr-lee', iat: now - 2 * 3600, exp: now + 3600 });
    expect((await call(`/v1/appointments?${dayWindow()}`, old)).body.name).toBe('TOKEN_TOO_OLD');
    const stranger = await idp.sign({ oid: 'oid-nobody' });
    expect((await call(`/v1/appointments?${dayWindow()}`, stranger)).body.name).toBe('PROVIDER_NOT_FOUND');
  });

  it("sends instructions into the patient's conversation, created when there is none, then as a file", async () => {
    const token = await lee();
    const id = ids.lee[0]!;
    const post = (as: string) =>
      call(`/v1/appointments/${id}/instructions`, token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: CANARY_TEXT, as }),
      });
    const first = await post('message');
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(true);
    const conversation = store.conversations.get(first.body.conversation_id as string)!;
    expect(conversation.type).toBe('individual_conversation');
    expect(store.messages.at(-1)!.text).toBe(CANARY_TEXT);
    const second = await post('attachment');
    expect(second.body).toMatchObject({ created: false, conversation_id: conversation.id });
    const sent = store.messages.at(-1)!;
    expect(sent.attachment_id).not.toBeNull();
    expect(store.attachments.get(sent.attachment_id!)!.mime_type).toContain('text/plain');
    expect(lines.join('\n')).not.toContain(CANARY_TEXT);
    expect(lines.join('\n')).not.toContain(CANARY);
  });

  it("never sends into another patient's conversation when the service ignores the list filter", async () => {
    // Issue 32: an unfiltered list starts with other patients' conversations; this one has none yet.
    const id = ids.lee[2]!;
    const leePatient = store.appointments.get(id)!.patient_id;
    const conversations = [...store.conversations.values()];
    expect(conversations.length).toBeGreaterThan(0);
    expect(conversations.some((c) => c.patient_ids.includes(leePatient))).toBe(false);
    store.ignoreConversationFilter = true;
    try {
      const before = store.messages.length;
      const answer = await call(`/v1/appointments/${id}/instructions`, await lee(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: CANARY_TEXT, as: 'message' }),
      });
      expect(answer.status).toBe(200);
      const used = store.conversations.get(answer.body.conversation_id as string)!;
      expect(used.patient_ids).toEqual([leePatient]);
      const sent = store.messages.slice(before);
      expect(sent.map((m) => m.conversation_id)).toEqual([used.id]);
      // Nothing of another patient's conversation comes back to the clinician.
      const shown = answer.body.messages as { id: string }[];
      const theirs = new Set(store.messages.filter((m) => m.conversation_id === used.id).map((m) => m.id));
      expect(shown.every((m) => theirs.has(m.id))).toBe(true);
    } finally {
      store.ignoreConversationFilter = false;
    }
  });

  it('reports a locked conversation and does not post into it', async () => {
    const id = ids.lee[1]!;
    const patientId = store.appointments.get(id)!.patient_id;
    const conversation = [...store.conversations.values()].find((c) => c.patient_ids.includes(patientId));
    const locked = conversation ?? { id: 'x', locked: false };
    if (!conversation) throw new Error('the seed gives the second patient a conversation');
    locked.locked = true;
    const before = store.messages.length;
    const answer = await call(`/v1/appointments/${id}/instructions`, await lee(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: CANARY_TEXT, as: 'message' }),
    });
    expect(answer).toMatchObject({ status: 409, body: { name: 'CONVERSATION_LOCKED' } });
    expect(store.messages).toHaveLength(before);
  });

  it('creates one task per ticked order and marks the appointment FINALIZED', async () => {
    const id = ids.lee[2]!;
    const token = await lee();
    const tasks = await call(`/v1/appointments/${id}/tasks`, token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ titles: ['CBC', 'Chest X-ray'] }),
    });
    expect((tasks.body.task_ids as string[]).length).toBe(2);
    expect([...store.tasks.values()].map((t) => t.title).sort()).toEqual(['CBC', 'Chest X-ray']);
    const done = await call(`/v1/appointments/${id}/finalize`, token, { method: 'POST' });
    expect(done.body.status).toBe('FINALIZED');
    expect(store.appointments.get(id)!.status).toBe('FINALIZED');
  });
});

describe('webhooks', () => {
  const deliver = (body: string, headers: Record<string, string>) =>
    fetch(`${broker.url}/v1/webhooks/service`, { method: 'POST', headers, body });

  const signed = (body: string, at = String(Math.floor(Date.now() / 1000))) => ({
    'x-service-webhook-timestamp': at,
    'x-service-webhook-signature': webhookSignature(SECRET, at, Buffer.from(body)),
  });

  it('refuses a bad signature and a stale timestamp, and logs neither body', async () => {
    const body = JSON.stringify({ type: 'appointment.scheduled', data: { patient: CANARY } });
    const now = String(Math.floor(Date.now() / 1000));
    const bad = await deliver(body, {
      'x-service-webhook-timestamp': now,
      'x-service-webhook-signature': webhookSignature('another-secret', now, Buffer.from(body)),
    });
    expect(bad.status).toBe(401);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const stale = await deliver(body, signed(body, old));
    expect(stale.status).toBe(401);
    // The signature covers the body: the right signature of another body is refused.
    const tampered = await deliver(body.replace('scheduled', 'no_show'), signed(body, now));
    expect(tampered.status).toBe(401);
    expect(lines.map((l) => JSON.parse(l).reason)).toEqual([
      'bad_signature',
      'stale_timestamp',
      'bad_signature',
    ]);
    expect(lines.join('\n')).not.toContain(CANARY);
  });

  it('takes a signed delivery once: the same delivery again is answered as a duplicate (issue 32)', async () => {
    const body = JSON.stringify({ type: 'appointment.scheduled', data: { patient: CANARY } });
    const headers = signed(body);
    const first = await deliver(body, headers);
    expect(await first.json()).toEqual({ received: true });
    const replay = await deliver(body, headers);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(lines.map((l) => JSON.parse(l).reason)).toEqual([undefined, 'duplicate']);
  });

  it("counts the service's deliveries apart from the address limit of 60 a minute (issue 32)", async () => {
    const statuses = new Set<number>();
    for (let n = 0; n < 65; n += 1) {
      const body = JSON.stringify({ type: 'note.created', n });
      statuses.add((await deliver(body, signed(body))).status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('tells connected desktops that the list changed when an appointment event is signed right', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${broker.url}/v1/events`, {
      headers: { authorization: `Bearer ${await lee()}` },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();
    await reader.read(); // ": connected"
    const body = JSON.stringify({ type: 'appointment.completed', data: { patient: CANARY } });
    const ok = await deliver(body, signed(body));
    expect(ok.status).toBe(200);
    const event = new TextDecoder().decode((await reader.read()).value);
    expect(event).toBe('event: appointments-changed\ndata: {}\n\n');
    controller.abort();
  });
});

describe('the change stream (issue 32)', () => {
  const open = (token: string, signal: AbortSignal) =>
    fetch(`${broker.url}/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal });

  it('ends when the token it was opened with expires, so the next one is checked again', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stream = await open(
      await idp.sign({ oid: 'oid-dr-lee', exp: now + 2 }),
      new AbortController().signal,
    );
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    // Read until the broker ends it (without the bound it stays open with keep-alives for ever).
    let done = false;
    while (!done) done = (await reader.read()).done;
  });

  it('holds at most four open per clinician; a fifth is refused until one closes', async () => {
    const controllers = Array.from({ length: 4 }, () => new AbortController());
    for (const controller of controllers)
      expect((await open(await lee(), controller.signal)).status).toBe(200);
    const fifth = await open(await lee(), new AbortController().signal);
    expect({ status: fifth.status, body: await fifth.json() }).toMatchObject({
      status: 429,
      body: { name: 'TOO_MANY_STREAMS' },
    });
    // Another clinician is not held back by Dr Lee's streams.
    const kim = new AbortController();
    expect((await open(await idp.sign({ oid: 'oid-dr-kim' }), kim.signal)).status).toBe(200);
    controllers[0]!.abort();
    const again = new AbortController();
    await expect
      .poll(
        async () => {
          const answer = await open(await lee(), again.signal);
          if (answer.status !== 200) await answer.body?.cancel();
          return answer.status;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(200);
    for (const controller of [...controllers, kim, again]) controller.abort();
  });
});
