/**
 * The public vocabulary of streaming sessions: states, connection summary, events and options.
 */
import type { CallerKind } from '../api/protocol.ts';
import type { AccessTokenSource } from '../api/auth/token-source.ts';
import type { JournalStatus, SessionJournal } from './session-journal.ts';
import type { StreamingError } from './streaming-error.ts';
import type { ReconnectPolicy } from './reconnect-budget.ts';

/** The states of a streaming session. */
export type SessionState =
  | 'idle'
  | 'connecting'
  | 'configuring'
  | 'streaming'
  | 'reconnecting'
  | 'ending'
  | 'paused'
  | 'closed'
  | 'failed';

/**
 * What the UI shows about the connection. "Reconnecting — nothing is lost" is `state === 'reconnecting' &&
 * allAudioSafe`: every chunk not yet covered by final text is in a healthy journal that keeps up with the
 * recording (durable, or its write at most a second behind). False without a journal while audio is
 * unconfirmed, and while the disk is full or failing.
 */
export interface ConnectionStatus {
  state: SessionState;
  /** Audio recorded but not yet covered by final text. */
  unconfirmedMs: number;
  allAudioSafe: boolean;
  journal: JournalStatus | 'none';
  /** Reconnect attempts since the last progress. */
  attempt: number;
}

/** Events every session emits. */
export interface SessionEvents {
  state: SessionState;
  connection: ConnectionStatus;
  /** Non-fatal trouble: a drop being repaired, a full disk, a journal failure. */
  warning: StreamingError;
}

/** Options common to both sessions. */
export interface SessionOptions {
  /** Service base URL (scheme + host), already checked with checkBaseUrl. */
  baseUrl: URL;
  tokens: AccessTokenSource;
  /** Defaults to the caller kind of the token source. */
  caller?: CallerKind;
  apiVersion?: string;
  journal?: SessionJournal;
  reconnect?: ReconnectPolicy;
  ackTimeoutMs?: number;
  endTimeoutMs?: number;
  pingIntervalMs?: number;
  handshakeTimeoutMs?: number;
  maxInFlightMs?: number;
  maxMemoryChunks?: number;
  /** First chunk index of the session timeline (a resumed visit continues its old timeline). */
  startIndex?: number;
  random?: () => number;
}
