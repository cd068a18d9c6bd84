/**
 * The client's Server API calls against the local service's strict Server API double, across versions:
 * conversations with `patient_id` before 2022-10-19 and `patient_ids` + `type` from it, messages with
 * `content` from 2022-12-20, appointment modes and statuses as each version shows them, PATCH updates,
 * a system auto-reply recognised as such, and the Server API closed to user tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../../main/core/api/transport/http.ts';
import * as api from '../../../../main/core/api/server-api/endpoints.ts';
import { isSystemMessage } from '../../../../main/core/api/server-api/schemas.ts';
import type { CoreContext } from '../../../../main/core/api/endpoints/context.ts';
import type { ServerApiStore } from '../../../../main/programs/local-service/server-api/store.ts';
import { seedDay } from '../../../../main/programs/local-service/server-api/sample-day.ts';
import { startHarness, type Harness } from './harness.ts';
import { openAuthSession } from './auth-session.ts';
import { LimitError } from '../../../../main/core/api/limits.ts';

const KEY = 'server-api-key-for-tests';
let h: Harness;
let store: ServerApiStore;
let ids: ReturnType<typeof seedDay>;

beforeAll(async () => {
  h = await startHarness({ serverApiKeys: [KEY] });
  store = h.service.internals.serverApi;
  ids = seedDay(store, { day: new Date() });
});
afterAll(() => h?.close());

function at(version: string): CoreContext {
  const http = new HttpClient({
    baseUrl: new URL(h.service.url),
    apiVersion: version,
    retry: { baseMs: 1, capMs: 1, maxRetries: 0 },
  });
  return { http, auth: { caller: 'server', token: async () => KEY, renew: async () => KEY } };
}

async function raw(method: string, path: string, version: string, body?: unknown, token = KEY) {
  const response = await fetch(`${h.service.url}/v1/server${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-nabla-api-version': version,
      'content-type': 'application/json',
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const patientOf = (appointmentId: string) => store.appointments.get(appointmentId)!.patient_id;

describe('Server API client and double', () => {
  it('shows appointment modes and statuses as each version has them', async () => {
    const id = ids.lee[2]!; // EXTERNAL_VIDEOCALL
    store.appointments.get(id)!.status = 'PENDING';
    expect(await api.getAppointment(at('2023-03-30'), id)).toMatchObject({
      mode: 'VIDEOCALL',
      status: 'PENDING',
    });
    expect(await api.getAppointment(at('2023-02-08'), id)).toMatchObject({ mode: 'EXTERNAL_VIDEOCALL' });
    const early = await api.getAppointment(at('2023-01-27'), id);
    expect(early).toMatchObject({ mode: 'SERVICE_VIDEOCALL', status: 'SCHEDULED' });
    expect(early.is_paid).toBeUndefined();
    // Before 2023-01-27 the appointment endpoints do not exist.
    expect((await raw('GET', `/appointments/${id}`, '2023-01-24')).status).toBe(404);
    const finalized = await api.updateAppointment(at('2023-03-30'), id, { status: 'FINALIZED' });
    expect(finalized.status).toBe('FINALIZED');
    // PATCH only; PENDING is not a value update_appointment sets.
    expect((await raw('PUT', `/appointments/${id}`, '2023-03-30', { status: 'NO_SHOW' })).status).toBe(405);
    expect((await raw('PATCH', `/appointments/${id}`, '2023-03-30', { status: 'PENDING' })).status).toBe(400);
  });

  it('creates conversations in the form of each version, and the double refuses the other form', async () => {
    const patientId = patientOf(ids.lee[0]!);
    const old = await api.createIndividualConversation(at('2022-10-06'), patientId);
    expect(old.patient).toMatchObject({ id: patientId });
    const current = await api.createIndividualConversation(at('2023-03-30'), patientId);
    expect(current).toMatchObject({ type: 'individual_conversation', locked: false });
    expect(current.patients?.map((p) => p.id)).toEqual([patientId]);
    expect((await raw('POST', '/conversations', '2023-03-30', { patient_id: patientId })).status).toBe(400);
    expect(
      (
        await raw('POST', '/conversations', '2022-10-06', {
          patient_ids: [patientId],
          type: 'individual_conversation',
        })
      ).status,
    ).toBe(400);
  });

  it('posts text and attachments with `content` from 2022-12-20 and the old fields before', async () => {
    const patientId = patientOf(ids.lee[0]!);
    const ctx = at('2023-03-30');
    const conversation = await api.createIndividualConversation(ctx, patientId);
    const author = { type: 'provider' as const, id: ids.leeProviderId };
    const text = await api.postMessage(ctx, { conversationId: conversation.id, author, text: 'Rest.' });
    expect(text.text).toBe('Rest.');
    const file = await api.uploadAttachment(ctx, {
      file: new Blob(['Rest.'], { type: 'text/plain' }),
      fileName: 'a.txt',
      author,
    });
    const withFile = await api.postMessage(ctx, {
      conversationId: conversation.id,
      author,
      fileUploadId: file.id,
    });
    expect(withFile.attachment?.id).toBe(file.id);
    const old = await api.postMessage(at('2022-12-16'), {
      conversationId: conversation.id,
      author,
      text: 'Old form.',
    });
    expect(old.text).toBe('Old form.');
    const both = { author, conversation_id: conversation.id, content: { text: 'x' } };
    expect((await raw('POST', '/messages', '2022-12-16', both)).status).toBe(400);
    expect(
      (await raw('POST', '/messages', '2023-03-30', { author, conversation_id: conversation.id, text: 'x' }))
        .status,
    ).toBe(400);
    const listed = await api.listMessages(ctx, conversation.id);
    expect(listed.map((m) => m.text)).toEqual(['Old form.', null, 'Rest.']);
  });

  it("marks the organization's automatic reply to a patient as a system message", async () => {
    const patientId = patientOf(ids.lee[0]!);
    const ctx = at('2023-03-30');
    const conversation = await api.createIndividualConversation(ctx, patientId);
    store.autoReply = 'We have your message.';
    try {
      await api.postMessage(ctx, {
        conversationId: conversation.id,
        author: { type: 'patient', id: patientId },
        text: 'Hi',
      });
    } finally {
      store.autoReply = null;
    }
    const [reply, mine] = await api.listMessages(ctx, conversation.id);
    expect(isSystemMessage(reply!)).toBe(true);
    expect(isSystemMessage(mine!)).toBe(false);
  });

  it('refuses a locked conversation, a user token, and an empty message before sending', async () => {
    const ctx = at('2023-03-30');
    const conversation = await api.createIndividualConversation(ctx, patientOf(ids.lee[1]!));
    store.conversations.get(conversation.id)!.locked = true;
    const author = { type: 'provider' as const, id: ids.leeProviderId };
    await expect(
      api.postMessage(ctx, { conversationId: conversation.id, author, text: 'x' }),
    ).rejects.toMatchObject({ status: 409 });
    expect(() => api.postMessage(ctx, { conversationId: conversation.id, author, text: '  ' })).toThrow(
      LimitError,
    );
    const session = await openAuthSession(h.http, {
      kind: 'server',
      credentials: { clientId: h.fixtures.staticClient.id, privateKey: h.staticPem },
      userExternalId: 'oid-any',
    });
    const userToken = await session.active.token();
    expect((await raw('GET', `/appointments/${ids.lee[0]}`, '2023-03-30', undefined, userToken)).status).toBe(
      403,
    );
    expect(
      (await raw('GET', `/appointments/${ids.lee[0]}`, '2023-03-30', undefined, 'not-a-key')).status,
    ).toBe(401);
  });
});
