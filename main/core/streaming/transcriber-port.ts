/**
 * A live transcription session as its users see it (the visit, `scribe transcribe`), and the factory a
 * connection builds its transcriber with: the connection knows where and as whom, the composition root
 * chooses the implementation (main/features/visit/live-transcriber.ts) and whether audio is journaled.
 */
import type { AccessTokenSource } from '../api/auth/token-source.ts';
import type { RecoveredSession } from '../journal/journal-replay.ts';
import type { ErrorCode, FailureNote, Speaker, TranscriptItem } from '../../../preload/contract/index.ts';

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

/** What a visit said, as the note's evidence reads it: its speech locales and its kept audio. */
export interface SaidSource {
  readonly locales: readonly string[];
  /** The audio (16 kHz mono) `speaker` said between two times of the visit's timeline; null when not kept. */
  audio(speaker: Speaker, startMs: number, endMs: number): Promise<Int16Array | null>;
}

/** A running `/transcribe-ws` session (reconnects and replays on its own). */
export interface LiveSession {
  /** What it said, for the note's evidence (visit-said.ts); absent for a session that cannot tell. */
  readonly said?: SaidSource;
  /**
   * Settles once the first socket streams, or rejects when the session could not start (no socket within
   * its start budget, sign-in refused…). Audio given meanwhile is kept (journaled) either way.
   */
  readonly started: Promise<void>;
  onDidItem(listener: (item: LiveItem) => void): () => void;
  onDidHealth(listener: (health: LiveHealth) => void): () => void;
  /** Fires once when the session fails for good (the contract's closed codes and params). */
  onDidFail(listener: (failure: FailureNote) => void): () => void;
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
   * The clinician signed out with the visit on screen: what was kept on disk stays, no longer held by this
   * process, so it is offered again to its clinician (issue 32).
   */
  setAside?(): Promise<void>;
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

/** Where a connection's live sessions go and as whom: a connection's transcriber is built from this. */
interface LiveEndpoint {
  readonly baseUrl: URL;
  readonly tokens: AccessTokenSource;
  readonly apiVersion?: string;
}

/** Builds a connection's transcriber (injected into the connection room by the composition root). */
export type TranscriberFactory = (endpoint: LiveEndpoint) => LiveTranscriber;
