/**
 * Patient instructions into the patient's conversation, the one way both the broker and a desktop with
 * server credentials do it (service-interface.md, Server API): the patient's individual conversation,
 * created when there is none; a locked one refused, never retried; the text as a message, or uploaded as a
 * text file then posted as a message whose `attachment.payload.file_upload_id` is the upload's id. The
 * answer lists the conversation's newest messages, automatic system replies marked as such.
 */
import type { CallOptions, CoreContext } from '../endpoints/context.ts';
import { ApiError } from '../errors.ts';
import * as api from './endpoints.ts';
import { isSystemMessage, type Conversation } from './schemas.ts';

/** The conversation accepts no new message (its `locked` flag, or the service refused the post with 409). */
export class ConversationLockedError extends Error {
  override readonly name = 'ConversationLockedError';
}

/**
 * The service named a conversation that is not this patient's alone (a filter it ignored, a created one that
 * came back for someone else), or did not say whose it is: nothing is sent (issue 32).
 */
export class ConversationMismatchError extends Error {
  override readonly name = 'ConversationMismatchError';
}

/** The patients a conversation names (`patients` from 2022-10-19, `patient` before); undefined: not said. */
function patientsOf(conversation: Conversation): string[] | undefined {
  if (conversation.patients) return conversation.patients.map((p) => p.id);
  return conversation.patient ? [conversation.patient.id] : undefined;
}

/** Only this patient's own conversation: the list's filter is a guess the service may not honour. */
function isTheirs(conversation: Conversation, patientId: string): boolean {
  const patients = patientsOf(conversation);
  return patients?.length === 1 && patients[0] === patientId;
}

/** One message of the conversation as a clinician sees it after sending: who, and what (never logged). */
interface PatientMessageView {
  id: string;
  /** `system` for the service's automatic reply; else the author's type (`provider`, `patient`…). */
  from: string;
  text: string | null;
  attachment: { mime_type: string | null } | null;
  created_at: string | null;
}

/** What sending did: the conversation used (created or not) and its newest messages. */
export interface SentToPatient {
  conversation_id: string;
  created: boolean;
  messages: PatientMessageView[];
}

/** Sends `text` to the patient as `as` from the practitioner `providerId`. */
export async function sendToPatient(
  ctx: CoreContext,
  input: { patientId: string; providerId: string; text: string; as: 'message' | 'attachment' },
  options: CallOptions = {},
): Promise<SentToPatient> {
  const author = { type: 'provider', id: input.providerId } as const;
  const existing = (await api.patientConversations(ctx, input.patientId, options)).find(
    (c) =>
      (c.type ?? 'individual_conversation') === 'individual_conversation' && isTheirs(c, input.patientId),
  );
  const conversation = existing ?? (await api.createIndividualConversation(ctx, input.patientId, options));
  // Checked whatever the list's filter did, and for a conversation just created too.
  if (!isTheirs(conversation, input.patientId)) throw new ConversationMismatchError();
  if (conversation.locked) throw new ConversationLockedError();
  const conversationId = conversation.id;
  try {
    if (input.as === 'message') {
      await api.postMessage(ctx, { conversationId, author, text: input.text }, options);
    } else {
      const file = new Blob([input.text], { type: 'text/plain;charset=utf-8' });
      const uploaded = await api.uploadAttachment(
        ctx,
        { file, fileName: 'patient-instructions.txt', author },
        options,
      );
      await api.postMessage(ctx, { conversationId, author, fileUploadId: uploaded.id }, options);
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw new ConversationLockedError();
    throw error;
  }
  return { conversation_id: conversationId, created: !existing, messages: await latest(ctx, conversationId) };
}

/** The conversation's newest messages (the service lists newest first). */
async function latest(ctx: CoreContext, conversationId: string): Promise<PatientMessageView[]> {
  return (await api.listMessages(ctx, conversationId)).slice(0, 5).map((m) => ({
    id: m.id,
    from: isSystemMessage(m) ? 'system' : (m.author?.type ?? m.author_type ?? 'unknown'),
    text: m.text ?? null,
    attachment: m.attachment ? { mime_type: m.attachment.mime_type ?? null } : null,
    created_at: m.created_at ?? null,
  }));
}
