/**
 * What the schedule feature is built from and offers: one port for the clinician's Server API access
 * (ScheduleApi), implemented through the organization's broker (broker-schedule.ts) or with server
 * credentials (server-schedule.ts), and what it reports (codes and counts only, never a patient or a text).
 */
import type { Appointment } from '../../core/api/server-api/schemas.ts';
import type { SentToPatient } from '../../core/api/server-api/patient-conversation.ts';
import type { ServerApiAccess } from '../connection/ports.ts';

/** The clinician's own appointments and what may be done with them, whichever way the Server API is reached. */
export interface ScheduleApi {
  readonly via: 'broker' | 'server';
  /** The clinician's appointments starting in [from, to). */
  appointments(window: { from: Date; to: Date }): Promise<Appointment[]>;
  /** The reviewed instructions into the patient's conversation (a locked one: `conversation_locked`). */
  sendInstructions(id: string, input: { text: string; as: 'message' | 'attachment' }): Promise<SentToPatient>;
  /** One provider task per title; how many were made. */
  createTasks(id: string, titles: readonly string[]): Promise<number>;
  /** Marks the appointment FINALIZED; its status after. */
  finalize(id: string): Promise<string>;
  /** Calls `onChange` whenever the clinician's list may have changed, until `signal` aborts (broker only). */
  watch?(onChange: () => void, signal: AbortSignal): void;
}

/** The connection as the schedule reads it (the composition root gives the connection manager's). */
export interface ScheduleConnection {
  /** The connection now (null when there is none): how it reaches the Server API. */
  current(): { serverApi?(): ServerApiAccess } | null;
}

/** What the schedule reports (the audit trail may listen): codes and counts only. */
export type ScheduleEvent =
  | { readonly kind: 'visit_linked' }
  | { readonly kind: 'instructions_sent'; readonly as: 'message' | 'attachment'; readonly created: boolean }
  | { readonly kind: 'tasks_created'; readonly count: number }
  | { readonly kind: 'appointment_finalized' };
