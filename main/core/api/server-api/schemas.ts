/**
 * Server API answers (service-interface.md, "Resources and their fields"), parsed loosely: fields the
 * service adds pass through, enums are read as strings so a value of a newer version is shown, not refused.
 * Fields the contract does not show (an appointment's `id`, `start_at`, `patient`, `provider`) are read as
 * the local service guesses them (its README); they are the first thing to check against the real service.
 */
import { z } from 'zod';

const PatientSchema = z.looseObject({
  id: z.string().min(1),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  date_of_birth: z.string().nullish(),
  sex: z.string().nullish(),
  locale: z.string().nullish(),
});

const ProviderSchema = z.looseObject({ id: z.string().min(1) });

export const AppointmentSchema = z.looseObject({
  id: z.string().min(1),
  /** PENDING (from 2023-02-03), SCHEDULED, CANCELLED, FINALIZED, NO_SHOW; a newer value is kept as is. */
  status: z.string(),
  /** IN_PERSON, SERVICE_VIDEOCALL, EXTERNAL_VIDEOCALL (2023-01-27 / 2023-02-08); IN_PERSON or VIDEOCALL from 2023-03-28. */
  mode: z.string().nullish(),
  location: z.string().nullish(),
  external_videocall_url: z.string().nullish(),
  is_paid: z.boolean().optional(),
  start_at: z.string(),
  end_at: z.string().nullish(),
  patient: PatientSchema.nullish(),
  provider: ProviderSchema.nullish(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

/** A list answer: `data`, `has_more`, `total_count`, `next_cursor` (as the contract shows for messages). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.looseObject({
    data: z.array(item),
    has_more: z.boolean().optional(),
    total_count: z.number().optional(),
    next_cursor: z.string().nullish(),
  });
}

export const ProviderListSchema = listOf(
  z.looseObject({ id: z.string().min(1), external_id: z.string().nullish() }),
);

export const ConversationSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string().nullish(),
  /** From 2022-10-19; `patient` before. */
  patients: z.array(PatientSchema).optional(),
  patient: PatientSchema.nullish(),
  type: z.string().optional(),
  locked: z.boolean().optional(),
  assigned_providers: z.array(ProviderSchema).optional(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

const AttachmentSchema = z.looseObject({
  id: z.string().min(1),
  mime_type: z.string().nullish(),
  ephemeral_url: z.looseObject({ url: z.string(), expires_at: z.string().optional() }).nullish(),
});
export const UploadedAttachmentSchema = AttachmentSchema;

export const MessageSchema = z.looseObject({
  id: z.string().min(1),
  author: z.looseObject({ type: z.string().optional(), id: z.string().optional() }).nullish(),
  /** `system` for automatic replies (list answers). */
  author_type: z.string().nullish(),
  text: z.string().nullish(),
  attachment: AttachmentSchema.nullish(),
  created_at: z.string().optional(),
  conversation_id: z.string().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

export const TaskSchema = z.looseObject({ id: z.string().min(1) });

/** Whether a message is the service's automatic reply (author null, `author_type` system). */
export function isSystemMessage(message: Message): boolean {
  return message.author_type === 'system' || (message.author === null && message.author_type !== 'patient');
}
