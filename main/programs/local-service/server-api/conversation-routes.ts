/**
 * Conversations and messages (paths below `/v1/server`). `patient_ids` and `type` from version 2022-10-19
 * (`patient_id` before), `assigned_provider_ids` from 2023-02-08, message `content` from 2022-12-20 (`text`
 * or `attachment` before). A locked conversation takes no new message. A patient's message triggers the
 * organization's automatic reply when one is configured (author null, `author_type` system).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ServiceError, badRequest, notFound } from '../errors.ts';
import { parseWith, type Route, type RouteContext } from '../router.ts';
import {
  listAnswer,
  showConversation,
  showMessage,
  type ConversationRecord,
  type ServerApiStore,
} from './store.ts';
import { SINCE } from './versions.ts';

const uuid = z.string().uuid();
const title = z.string().max(500).nullable().optional();

function conversationSchema(version: string): z.ZodType<unknown> {
  if (version < SINCE.conversationPatients) return z.strictObject({ patient_id: uuid, title });
  return z.strictObject({
    patient_ids: z.array(uuid).min(1).max(100),
    type: z.enum(['individual_conversation', 'group_conversation']),
    title,
    ...(version >= SINCE.assignedProviders
      ? { assigned_provider_ids: z.array(uuid).max(100).optional() }
      : {}),
  });
}

const Author = z.strictObject({ type: z.string().min(1), id: uuid });
const AttachmentRef = z.strictObject({ payload: z.strictObject({ file_upload_id: uuid }) });
/** GUESS: the shape of `content`: an object holding exactly one of `text` or `attachment`. */
const Content = z.union([
  z.strictObject({ text: z.string().min(1).max(10_000) }),
  z.strictObject({ attachment: AttachmentRef }),
]);

function messageSchema(version: string): z.ZodType<unknown> {
  const base = { author: Author, conversation_id: uuid };
  if (version >= SINCE.messageContent) return z.strictObject({ ...base, content: Content });
  return z.strictObject({
    ...base,
    text: z.string().min(1).max(10_000).optional(),
    attachment: AttachmentRef.optional(),
  });
}

function createConversation(store: ServerApiStore, ctx: RouteContext): ConversationRecord {
  const body = parseWith(conversationSchema(ctx.version), ctx.json()) as {
    patient_id?: string;
    patient_ids?: string[];
    type?: ConversationRecord['type'];
    title?: string | null;
    assigned_provider_ids?: string[];
  };
  const patientIds = body.patient_ids ?? [body.patient_id!];
  const type = body.type ?? 'individual_conversation';
  if (type === 'individual_conversation' && patientIds.length !== 1)
    throw badRequest('an individual_conversation has exactly one patient');
  for (const id of patientIds) if (!store.patients.has(id)) throw notFound('patient');
  for (const id of body.assigned_provider_ids ?? []) if (!store.providers.has(id)) throw notFound('provider');
  const record: ConversationRecord = {
    id: randomUUID(),
    title: body.title ?? null,
    patient_ids: patientIds,
    type,
    assigned_provider_ids: body.assigned_provider_ids ?? [],
    locked: false,
    created_at: store.stamp(),
  };
  store.conversations.set(record.id, record);
  return record;
}

function postMessage(store: ServerApiStore, ctx: RouteContext) {
  const body = parseWith(messageSchema(ctx.version), ctx.json()) as {
    author: { type: string; id: string };
    conversation_id: string;
    content?: { text?: string; attachment?: { payload: { file_upload_id: string } } };
    text?: string;
    attachment?: { payload: { file_upload_id: string } };
  };
  const text = body.content?.text ?? body.text ?? null;
  const attachment = body.content?.attachment ?? body.attachment;
  if ((text === null) === (attachment === undefined))
    throw badRequest('a message carries either a text or an attachment, never both');
  const conversation = store.conversations.get(body.conversation_id);
  if (!conversation) throw notFound('conversation');
  if (conversation.locked)
    throw new ServiceError(409, 'CONFLICT', 'the conversation is locked and accepts no new message');
  const fileId = attachment?.payload.file_upload_id ?? null;
  if (fileId !== null && !store.attachments.has(fileId)) throw notFound('attachment');
  const author = body.author;
  checkAuthor(store, conversation, author);
  const message = {
    id: randomUUID(),
    conversation_id: conversation.id,
    author,
    author_type: author.type,
    text,
    attachment_id: fileId,
    created_at: store.stamp(),
  };
  store.messages.push(message);
  if (author.type === 'patient') autoReply(store, conversation.id);
  return message;
}

function checkAuthor(
  store: ServerApiStore,
  conversation: ConversationRecord,
  author: { type: string; id: string },
) {
  if (author.type === 'patient' && !conversation.patient_ids.includes(author.id))
    throw badRequest('author: the patient is not in this conversation');
  if (author.type === 'provider' && !store.providers.has(author.id)) throw notFound('provider');
}

/** The organization's automatic reply to a patient's message, when it has one. */
function autoReply(store: ServerApiStore, conversationId: string): void {
  if (store.autoReply) {
    store.messages.push({
      id: randomUUID(),
      conversation_id: conversationId,
      author: null,
      author_type: 'system',
      text: store.autoReply,
      attachment_id: null,
      created_at: store.stamp(),
    });
  }
}

function listConversations(store: ServerApiStore, ctx: RouteContext, consoleBase: string) {
  const patient = store.ignoreConversationFilter ? null : ctx.query.get('patient_id');
  const data = [...store.conversations.values()]
    .filter((c) => patient === null || c.patient_ids.includes(patient))
    .map((c) => showConversation(c, store, ctx.version, consoleBase));
  return listAnswer(data);
}

function listMessages(store: ServerApiStore, ctx: RouteContext, baseUrl: string) {
  const id = ctx.query.get('conversation_id');
  if (id === null) throw badRequest('conversation_id is required');
  if (!store.conversations.has(id)) throw notFound('conversation');
  const data = store.messages
    .filter((m) => m.conversation_id === id)
    .reverse()
    .map((m) => showMessage(m, store, baseUrl));
  return listAnswer(data);
}

function getConversation(store: ServerApiStore, ctx: RouteContext, consoleBase: string) {
  const found = store.conversations.get(ctx.params.id!);
  if (!found) throw notFound('conversation');
  return { body: showConversation(found, store, ctx.version, consoleBase) };
}

/** Conversation and message routes. */
export function conversationRoutes(store: ServerApiStore, baseUrl: () => string): Route[] {
  const consoleBase = () => `${baseUrl()}/console`;
  const route = (method: Route['method'], path: string, handle: Route['handle']): Route => ({
    method,
    path,
    families: ['server'],
    handle,
  });
  return [
    route('POST', '/conversations', (ctx) => ({
      body: showConversation(createConversation(store, ctx), store, ctx.version, consoleBase()),
    })),
    // GUESS: the get path, and listing a patient's conversations by `patient_id` (neither is shown).
    route('GET', '/conversations/:id', (ctx) => getConversation(store, ctx, consoleBase())),
    route('GET', '/conversations', (ctx) => listConversations(store, ctx, consoleBase())),
    route('POST', '/messages', (ctx) => ({ body: showMessage(postMessage(store, ctx), store, baseUrl()) })),
    route('GET', '/messages', (ctx) => listMessages(store, ctx, baseUrl())),
  ];
}
