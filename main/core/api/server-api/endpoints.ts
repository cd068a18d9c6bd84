/**
 * Server API calls (`{base_url}/v1/server`), as the contract gives them. The context's HttpClient carries
 * the Server API version (PROTOCOL.serverApiVersion); bodies follow that version: `patient_ids` and `type`
 * for conversations from 2022-10-19 (`patient_id` before), message `content` from 2022-12-20 (`text` or
 * `attachment` before), PATCH for every update. Paths the contract does not show follow the local service's
 * guesses (its README). Only server callers (an API key or a server access token) reach these.
 */
import type { z } from 'zod';
import { PROTOCOL } from '../protocol.ts';
import { LimitError, charCount } from '../limits.ts';
import { enc, requireServer, type CallOptions, type CoreContext } from '../endpoints/context.ts';
import {
  AppointmentSchema,
  ConversationSchema,
  MessageSchema,
  ProviderListSchema,
  TaskSchema,
  UploadedAttachmentSchema,
  listOf,
  type Appointment,
  type Conversation,
  type Message,
} from './schemas.ts';

/** Longest message text this client sends (the contract shows no limit; a clinician's instructions fit). */
export const MESSAGE_TEXT_MAX_CHARS = 10_000;

function serverCall<T>(
  ctx: CoreContext,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  schema: z.ZodType<T>,
  operation: string,
  extra: {
    body?: unknown;
    query?: Record<string, string | undefined>;
    form?: FormData;
    idempotent?: boolean;
  } & CallOptions = {},
): Promise<T> {
  requireServer(ctx, 'server-api');
  return ctx.http.request({
    method,
    path,
    prefix: PROTOCOL.serverApiPrefix,
    caller: 'server',
    auth: ctx.auth,
    schema,
    operation,
    ...extra,
  });
}

const since = (ctx: CoreContext, date: string) => ctx.http.apiVersion >= date;

/** The provider the organization registered with this `external_id` (GUESS: `GET /providers?external_id=`). */
export async function findProviderId(ctx: CoreContext, externalId: string, options: CallOptions = {}) {
  const list = await serverCall(ctx, 'GET', '/providers', ProviderListSchema, 'find-provider', {
    query: { external_id: externalId },
    ...options,
  });
  return list.data.find((p) => p.external_id === externalId)?.id;
}

/** Search appointments of one provider starting in [from, to) (GUESS: the parameters). */
export async function searchAppointments(
  ctx: CoreContext,
  query: { providerId: string; from: Date; to: Date },
  options: CallOptions = {},
): Promise<Appointment[]> {
  const list = await serverCall(
    ctx,
    'GET',
    '/appointments',
    listOf(AppointmentSchema),
    'search-appointments',
    {
      query: {
        provider_id: query.providerId,
        start_after: query.from.toISOString(),
        start_before: query.to.toISOString(),
      },
      ...options,
    },
  );
  return list.data;
}

export function getAppointment(
  ctx: CoreContext,
  id: string,
  options: CallOptions = {},
): Promise<Appointment> {
  return serverCall(ctx, 'GET', `/appointments/${enc(id)}`, AppointmentSchema, 'get-appointment', options);
}

/** update_appointment: PATCH with only what changes (a PATCH of the same value twice is harmless). */
export function updateAppointment(
  ctx: CoreContext,
  id: string,
  patch: { status?: 'SCHEDULED' | 'CANCELLED' | 'FINALIZED' | 'NO_SHOW'; is_paid?: boolean },
  options: CallOptions = {},
): Promise<Appointment> {
  return serverCall(ctx, 'PATCH', `/appointments/${enc(id)}`, AppointmentSchema, 'update-appointment', {
    body: patch,
    idempotent: true,
    ...options,
  });
}

/** The patient's conversations (GUESS: `GET /conversations?patient_id=`). */
export async function patientConversations(
  ctx: CoreContext,
  patientId: string,
  options: CallOptions = {},
): Promise<Conversation[]> {
  const list = await serverCall(
    ctx,
    'GET',
    '/conversations',
    listOf(ConversationSchema),
    'list-conversations',
    {
      query: { patient_id: patientId },
      ...options,
    },
  );
  return list.data;
}

/** Creates a one-patient conversation, in the form the client's version takes. */
export function createIndividualConversation(
  ctx: CoreContext,
  patientId: string,
  options: CallOptions = {},
): Promise<Conversation> {
  const body = since(ctx, '2022-10-19')
    ? { patient_ids: [patientId], type: 'individual_conversation' }
    : { patient_id: patientId };
  return serverCall(ctx, 'POST', '/conversations', ConversationSchema, 'create-conversation', {
    body,
    ...options,
  });
}

/** Who a message or an attachment is from. */
export interface Author {
  type: 'provider' | 'patient';
  id: string;
}

/** Posts a text, or an uploaded attachment, to a conversation. Not retried: a POST without a request id. */
export function postMessage(
  ctx: CoreContext,
  input: { conversationId: string; author: Author } & ({ text: string } | { fileUploadId: string }),
  options: CallOptions = {},
): Promise<Message> {
  if ('text' in input) {
    if (input.text.trim().length === 0) throw new LimitError('patient_message_empty', 'text');
    const actual = charCount(input.text);
    if (actual > MESSAGE_TEXT_MAX_CHARS) {
      const params = {
        rule: 'too_long',
        subject: 'patient_message',
        limit: MESSAGE_TEXT_MAX_CHARS,
        actual,
      } as const;
      throw new LimitError(params, 'text');
    }
  }
  const part =
    'text' in input
      ? { text: input.text }
      : { attachment: { payload: { file_upload_id: input.fileUploadId } } };
  const body = {
    author: input.author,
    conversation_id: input.conversationId,
    ...(since(ctx, '2022-12-20') ? { content: part } : part),
  };
  return serverCall(ctx, 'POST', '/messages', MessageSchema, 'post-message', { body, ...options });
}

/** A conversation's messages, newest first as the service orders them. */
export async function listMessages(ctx: CoreContext, conversationId: string, options: CallOptions = {}) {
  const list = await serverCall(ctx, 'GET', '/messages', listOf(MessageSchema), 'list-messages', {
    query: { conversation_id: conversationId },
    ...options,
  });
  return list.data;
}

/** Uploads a file (multipart: the file part and a JSON `author` part); its `id` is the `file_upload_id`. */
export function uploadAttachment(
  ctx: CoreContext,
  input: { file: Blob; fileName: string; author: Author },
  options: CallOptions = {},
) {
  const form = new FormData();
  form.append('file', input.file, input.fileName);
  form.append('author', new Blob([JSON.stringify(input.author)], { type: 'application/json' }));
  return serverCall(ctx, 'POST', '/attachments', UploadedAttachmentSchema, 'upload-attachment', {
    form,
    ...options,
  });
}

/** Creates a provider task about a patient (GUESS: `POST /tasks` and its fields beyond `isPatientTask`). */
export function createTask(
  ctx: CoreContext,
  input: { title: string; patientId: string; providerId: string },
  options: CallOptions = {},
) {
  return serverCall(ctx, 'POST', '/tasks', TaskSchema, 'create-task', {
    body: {
      title: input.title,
      isPatientTask: false,
      patient_id: input.patientId,
      provider_id: input.providerId,
    },
    ...options,
  });
}
