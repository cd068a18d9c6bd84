/**
 * The journal port a session writes to (implemented by VisitJournal in journal.ts). Kept separate so
 * sessions can run with a fake journal, or none.
 */
import type { AudioJournal } from './kept-audio.ts';
import type { TranscriptItem } from './transcript.ts';

/** Progress markers written between audio records. Final text is patient data: encrypted like the rest. */
export type JournalCheckpoint =
  /** Every chunk of `stream` before `before` is covered by final text (or a clean END-close). */
  | { kind: 'released'; stream: number; before: number }
  /** A final transcript item on the session timeline. */
  | { kind: 'final'; item: TranscriptItem }
  /** The dictated text confirmed by a clean END-close. */
  | { kind: 'text'; committed: string };

/** Journal health as the session reports it. */
export type JournalStatus = 'ok' | 'disk_full' | 'failed';

/** What a session needs from its journal. */
export interface SessionJournal extends AudioJournal {
  /** Queues a checkpoint behind the audio already queued (same ordering guarantees). */
  checkpoint(checkpoint: JournalCheckpoint): void;
  /** The session ended cleanly: the visit is no longer recoverable, only kept for the retention period. */
  finish(): Promise<void>;
  /** Subscribes to health changes (disk full, healed, failed). */
  onStatus(listener: (status: JournalStatus, error?: unknown) => void): () => void;
}
