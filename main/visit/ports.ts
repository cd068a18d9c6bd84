/**
 * The narrow interfaces the visit recorder is written against: the live transcription session and the
 * journal folder. Adapters in this folder wire the real implementations, and tests use fakes of these ports.
 */
import type { RecoveredSession } from '../streaming/journal-store.ts';
import type { ErrorCode, TranscriptItem } from '../../preload/contract/index.ts';

/**
 * An item from the live session, already on the visit's single timeline (per-socket offsets rebased), in
 * the one shape it keeps up to the renderer: the contract's TranscriptItem (its zod schema checks it at the
 * IPC edge). Partials are re-sent under the same id until final.
 */
export type LiveItem = TranscriptItem;

/** Connection health of a live session; `nothingLost` only while un-final audio is kept for replay. */
export interface LiveHealth {
  readonly health: 'connected' | 'reconnecting' | 'offline';
  readonly nothingLost: boolean;
  /** The disk cannot keep the audio (kept in memory meanwhile), or the session ended without it on disk. */
  readonly disk?: 'full' | 'not_kept';
}

/** One declared audio stream of a transcription session. */
export interface LiveStream {
  readonly id: string;
  readonly speakerType: 'DOCTOR' | 'PATIENT' | 'UNSPECIFIED';
  /**
   * Its 100 ms chunks, already being captured when the session starts (so speech during the connection
   * is kept). The caller owns the audio: it ends these (stops the device) before LiveSession.end().
   */
  readonly chunks: AsyncIterable<Int16Array>;
}

/** A running `/transcribe-ws` session (reconnects and replays on its own). */
export interface LiveSession {
  /**
   * Settles once the first socket streams, or rejects when the session could not start (no socket within
   * its start budget, sign-in refused…). Audio given meanwhile is kept (journaled) either way.
   */
  readonly started: Promise<void>;
  onDidItem(listener: (item: LiveItem) => void): () => void;
  onDidHealth(listener: (health: LiveHealth) => void): () => void;
  /** Fires once when the session fails for good (mapped to the contract's closed codes). */
  onDidFail(listener: (failure: { code: ErrorCode }) => void): () => void;
  /** Fires once when every audio stream ended by itself (a file ran out) or failed (`code`, e.g. device_lost). */
  onDidAudioEnd(listener: (end: { code: ErrorCode | null }) => void): () => void;
  /** Stops taking audio without losing any (the session confirms what was sent). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Sends END and resolves when the service closed (every item has arrived). */
  end(): Promise<void>;
  /** Stops at once (discarding the visit). */
  abort(): Promise<void>;
  /** Shreds what was kept on disk for recovery (the visit is done with or discarded). */
  forget(): Promise<void>;
  /**
   * The session stopped without finishing: its journal is offered for recovery from now on, like a
   * crashed visit's. False when nothing was kept on disk (the sample visit).
   */
  keep(): boolean;
}

/** Starts live transcription sessions. */
export interface LiveTranscriber {
  /** Resolves once the session takes audio (journal open, connecting); see LiveSession.started. */
  start(options: { locales: readonly string[]; streams: readonly LiveStream[] }): Promise<LiveSession>;
  /** Sends a crashed visit's kept audio again; resolves with its complete final transcript. */
  resend(recovered: RecoveredSession): Promise<LiveItem[]>;
}

/** An unfinished visit a crash or a forced quit left in the journal folder. */
export interface RecoverableVisit {
  readonly id: string;
  readonly startedAt: number;
  /** Older than the retention period (kept because it is unfinished). */
  readonly stale: boolean;
}

/** The journal folder, as the visit sees it. */
export interface VisitJournals {
  listRecoverable(): Promise<
    readonly { id: string; session: 'transcribe' | 'dictate'; createdAt: number; stale: boolean }[]
  >;
  recover(id: string): Promise<RecoveredSession>;
  shred(id: string): Promise<void>;
  /** Still being written by a session in another process (`scribe transcribe`), or this one. */
  inUse(id: string): Promise<boolean>;
  /** Takes the journal's lock before it is sent again or shredded; false when another process holds it. */
  claim(id: string): Promise<boolean>;
}
