/**
 * The narrow interfaces the visit recorder is written against: the live transcription session (defined
 * with the streaming it runs over, as a connection offers one) and the journal folder. Adapters in this
 * folder wire the real implementations, and tests use fakes of these ports.
 */
import type { RecoveredSession } from '../../core/journal/journal-replay.ts';

export type {
  LiveHealth,
  LiveItem,
  LiveSession,
  LiveStream,
  LiveTranscriber,
} from '../../core/streaming/transcriber-port.ts';

/** A visit a crash or a quit left in the journal folder: unfinished, or ended with its note perhaps unwritten. */
export interface RecoverableVisit {
  readonly id: string;
  readonly startedAt: number;
  /** Older than the retention period (kept because it is unfinished). */
  readonly stale: boolean;
  /** Ended cleanly in an earlier run: its transcript is whole in the journal, nothing is sent again. */
  readonly ended: boolean;
}

/** The journal folder, as the visit sees it. */
export interface VisitJournals {
  listRecoverable(): Promise<
    readonly { id: string; session: 'transcribe' | 'dictate'; createdAt: number; stale: boolean }[]
  >;
  /** Visits that ended cleanly in an earlier run and were not followed by another or discarded. */
  listEnded(): Promise<readonly { id: string; createdAt: number }[]>;
  recover(id: string): Promise<RecoveredSession>;
  shred(id: string): Promise<void>;
  /** Still being written by a session in another process (`scribe transcribe`), or this one. */
  inUse(id: string): Promise<boolean>;
  /** Takes the journal's lock before it is sent again or shredded; false when another process holds it. */
  claim(id: string): Promise<boolean>;
  /** Lets go of a claimed journal that was neither restored nor shredded. */
  unclaim(id: string): Promise<void>;
}

/**
 * How a visit ended: End in the window, End visit in the tray, quitting the app, or its audio running out
 * (the sample recording's end, a device that failed).
 */
export type VisitEndHow = 'window' | 'tray' | 'quit' | 'audio_end';

/**
 * What the visit reports (the audit trail listens), whatever started it: counts, flags and journal ids
 * only, never a transcript, a device or a patient.
 */
export type VisitEvent =
  | { readonly kind: 'consent_acknowledged' }
  | { readonly kind: 'visit_started'; readonly sample: boolean; readonly streams: 1 | 2 }
  | { readonly kind: 'visit_paused' }
  | { readonly kind: 'visit_resumed' }
  | { readonly kind: 'visit_ended'; readonly how: VisitEndHow }
  | { readonly kind: 'visit_discarded' }
  | { readonly kind: 'journal_recovered'; readonly journal: string }
  | { readonly kind: 'journal_discarded'; readonly journal: string };
