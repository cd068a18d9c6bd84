/**
 * The Server API's records, kept in memory, and how each is shown under a request's version. Stored in the
 * newest shape; older versions are derived when answering (service-interface.md, "Server API versions").
 */
import { randomUUID } from 'node:crypto';
import { SINCE } from './versions.ts';

/** A patient as stored (newest shape). */
export interface PatientRecord {
  id: string;
  username: string | null;
  first_name: string;
  last_name: string;
  locale: string;
  email: string;
  /** Stored with its '+' (from 2023-01-27); digits only before. */
  phone: string;
  date_of_birth: string;
  sex: string;
  summary?: string;
  address: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/**
 * GUESS: a provider (practitioner). The contract shows providers in conversations without their fields and
 * says they are created in the administration console; `external_id` is this double's way to find the
 * provider a clinician signed in as (the same `external_id` the Core API user carries).
 */
export interface ProviderRecord {
  id: string;
  first_name: string;
  last_name: string;
  external_id: string;
}

/** Modes as stored: the three of 2023-01-27/2023-02-08, shown as two from 2023-03-28. */
type StoredMode = 'IN_PERSON' | 'SERVICE_VIDEOCALL' | 'EXTERNAL_VIDEOCALL';
type AppointmentStatus = 'PENDING' | 'SCHEDULED' | 'CANCELLED' | 'FINALIZED' | 'NO_SHOW';

/** An appointment. GUESS: `id`, `start_at`, `end_at`, `patient`, `provider` (the contract shows none of them). */
export interface AppointmentRecord {
  id: string;
  status: AppointmentStatus;
  mode: StoredMode;
  location?: string;
  external_videocall_url?: string;
  is_paid: boolean;
  appointment_type_id: string;
  start_at: string;
  end_at: string;
  patient_id: string;
  provider_id: string;
}

export interface ConversationRecord {
  id: string;
  title: string | null;
  patient_ids: string[];
  type: 'individual_conversation' | 'group_conversation';
  assigned_provider_ids: string[];
  locked: boolean;
  created_at: string;
}

export interface MessageRecord {
  id: string;
  conversation_id: string;
  author: { type: string; id: string } | null;
  author_type: string;
  text: string | null;
  attachment_id: string | null;
  created_at: string;
}

export interface AttachmentRecord {
  id: string;
  mime_type: string;
  size: number;
  author: { type: string; id: string };
  created_at: string;
}

/** GUESS: a task. The contract names only `isPatientTask`; `title`, `description`, `patient_id`, `provider_id` are this double's. */
export interface TaskRecord {
  id: string;
  title: string;
  description: string | null;
  isPatientTask: boolean;
  patient_id: string | null;
  provider_id: string | null;
  created_at: string;
}

/** Every Server API record of one organization. */
export class ServerApiStore {
  readonly patients = new Map<string, PatientRecord>();
  readonly providers = new Map<string, ProviderRecord>();
  readonly appointments = new Map<string, AppointmentRecord>();
  readonly conversations = new Map<string, ConversationRecord>();
  readonly messages: MessageRecord[] = [];
  readonly attachments = new Map<string, AttachmentRecord>();
  readonly tasks = new Map<string, TaskRecord>();
  /**
   * GUESS: the automatic reply some organizations configure; the contract says a patient's message *may*
   * trigger one. Set by the administration console (here: the tests' control API); none by default.
   */
  autoReply: string | null = null;
  /**
   * The `patient_id` filter of `GET /conversations` is a GUESS: with this set (tests), the list ignores it,
   * as a service that does not know the filter would, and answers every conversation.
   */
  ignoreConversationFilter = false;

  constructor(readonly now: () => number) {}

  stamp(): string {
    return new Date(this.now()).toISOString();
  }

  addPatient(
    fields: Omit<PatientRecord, 'id' | 'created_at' | 'updated_at' | 'username' | 'address'> &
      Partial<Pick<PatientRecord, 'address'>>,
  ): PatientRecord {
    const at = this.stamp();
    const record: PatientRecord = {
      address: {},
      ...fields,
      id: randomUUID(),
      username: null,
      created_at: at,
      updated_at: at,
    };
    this.patients.set(record.id, record);
    return record;
  }

  addProvider(fields: Omit<ProviderRecord, 'id'>): ProviderRecord {
    const record = { ...fields, id: randomUUID() };
    this.providers.set(record.id, record);
    return record;
  }

  addAppointment(fields: Omit<AppointmentRecord, 'id'>): AppointmentRecord {
    const record = { ...fields, id: randomUUID() };
    this.appointments.set(record.id, record);
    return record;
  }
}

const after = (version: string, since: string) => version >= since;

/** A list answer, in the shape the contract shows for messages (one page: this double never paginates). */
export function listAnswer(data: unknown[]) {
  return { body: { data, has_more: false, total_count: data.length, next_cursor: null } };
}

/** A patient under `version`. */
export function showPatient(p: PatientRecord, version: string): Record<string, unknown> {
  const { summary, ...rest } = p;
  return {
    ...rest,
    phone: after(version, '2023-01-27') ? p.phone : p.phone.replace(/^\+/, ''),
    ...(after(version, '2022-11-15') && summary !== undefined ? { summary } : {}),
  };
}

function showProvider(p: ProviderRecord | undefined): Record<string, unknown> | null {
  return p ? { id: p.id, first_name: p.first_name, last_name: p.last_name } : null;
}

/** An appointment under `version` (only from 2023-01-27, when the endpoints exist). */
export function showAppointment(a: AppointmentRecord, store: ServerApiStore, version: string) {
  let mode: string = a.mode;
  if (after(version, SINCE.twoModes)) mode = a.mode === 'IN_PERSON' ? 'IN_PERSON' : 'VIDEOCALL';
  else if (!after(version, SINCE.assignedProviders) && a.mode === 'EXTERNAL_VIDEOCALL')
    mode = 'SERVICE_VIDEOCALL';
  const status = a.status === 'PENDING' && !after(version, SINCE.pendingStatus) ? 'SCHEDULED' : a.status;
  const patient = store.patients.get(a.patient_id);
  return {
    id: a.id,
    status,
    mode,
    ...(a.location !== undefined ? { location: a.location } : {}),
    ...(a.external_videocall_url !== undefined && after(version, SINCE.assignedProviders)
      ? { external_videocall_url: a.external_videocall_url }
      : {}),
    ...(after(version, SINCE.isPaid) ? { is_paid: a.is_paid } : {}),
    appointment_type_id: a.appointment_type_id,
    start_at: a.start_at,
    end_at: a.end_at,
    patient: patient ? showPatient(patient, version) : null,
    provider: showProvider(store.providers.get(a.provider_id)),
  };
}

/** A conversation under `version`. */
export function showConversation(
  c: ConversationRecord,
  store: ServerApiStore,
  version: string,
  consoleBase: string,
) {
  const patients = c.patient_ids.flatMap((id) => {
    const p = store.patients.get(id);
    return p ? [showPatient(p, version)] : [];
  });
  const assigned = c.assigned_provider_ids.map((id) => showProvider(store.providers.get(id))).filter(Boolean);
  const unread = store.messages.filter(
    (m) => m.conversation_id === c.id && m.author_type === 'patient',
  ).length;
  return {
    id: c.id,
    title: c.title,
    ...(after(version, SINCE.conversationPatients)
      ? { patients, type: c.type, locked: c.locked }
      : { patient: patients[0] ?? null }),
    providers: assigned,
    tags: [],
    console_url: `${consoleBase}/conversations/${c.id}`,
    unread_patient_messages_count: unread,
    ...(after(version, SINCE.assignedProviders)
      ? { assigned_providers: assigned }
      : { assigned_provider: assigned[0] ?? null }),
  };
}

/** An attachment as the API shows it. The URL is temporary (7200 s observed). */
export function showAttachment(a: AttachmentRecord, baseUrl: string, now: number) {
  const expires = {
    url: `${baseUrl}/v1/server/attachments/${a.id}/file`,
    expires_at: new Date(now + 7_200_000).toISOString(),
  };
  return {
    id: a.id,
    ephemeral_url: expires,
    thumbnail_url: expires,
    mime_type: a.mime_type,
    author: a.author,
    created_at: a.created_at,
  };
}

/** A message as the API shows it. */
export function showMessage(m: MessageRecord, store: ServerApiStore, baseUrl: string) {
  const attachment = m.attachment_id ? store.attachments.get(m.attachment_id) : undefined;
  return {
    id: m.id,
    author: m.author,
    author_type: m.author_type,
    text: m.text,
    attachment: attachment ? showAttachment(attachment, baseUrl, store.now()) : null,
    created_at: m.created_at,
    conversation_id: m.conversation_id,
    metadata: null,
  };
}
