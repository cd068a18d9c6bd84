/**
 * One running TranscribeSession seen through the visit's narrow LiveSession port: it pumps each stream's
 * 100 ms chunks into the session and translates the session's events (items, connection, failure).
 */
import { AudioError } from '../../core/audio/audio-source.ts';
import { ApiError } from '../../core/api/errors.ts';
import { toFailure } from '../../core/ipc/error-mapping.ts';
import { toSpeaker, type ErrorCode, type FailureNote } from '../../../preload/contract/index.ts';
import { Emitter } from '../../base/async/emitter.ts';
import type { JournalStore } from '../../core/journal/journal-store.ts';
import type { VisitJournal } from '../../core/journal/journal.ts';
import type { ConnectionStatus } from '../../core/streaming/session-types.ts';
import type { StreamingError } from '../../core/streaming/streaming-error.ts';
import type { TranscribeSession } from '../../core/streaming/transcribe-session.ts';
import type { TranscriptItem } from '../../core/streaming/transcript.ts';
import type { LiveHealth, LiveItem, LiveSession, LiveStream } from './ports.ts';
import type { SaidSource } from '../../core/streaming/transcriber-port.ts';

/** Streaming failure → the contract's closed codes. */
function streamingFailureCode(error: StreamingError | undefined): ErrorCode {
  switch (error?.code) {
    case 'unauthorized':
      return 'auth_failed';
    case 'upgrade_refused':
      return 'permission_denied';
    case 'connection_lost':
      return 'service_unreachable';
    case 'disk_full':
      return 'disk_full';
    default:
      return 'stream_failed';
  }
}

/**
 * Streaming failure → the contract's failure. A sign-in refused for streaming says what the token
 * endpoint said of the clock (clock_wrong, or auth_failed with its offset), as a command's failure would.
 */
function streamingFailure(error: StreamingError | undefined): FailureNote {
  const code = streamingFailureCode(error);
  if (code !== 'auth_failed' || !(error?.cause instanceof ApiError)) return { code };
  const refused = toFailure(error.cause).toIpcError();
  if (refused.code !== 'clock_wrong' && refused.code !== 'auth_failed') return { code };
  return refused.params ? { code: refused.code, params: refused.params } : { code: refused.code };
}

function toLiveItem(item: TranscriptItem): LiveItem {
  return {
    id: item.id,
    text: item.text,
    speaker: toSpeaker(item.speakerType),
    startMs: item.startMs,
    endMs: item.endMs,
    final: item.isFinal,
  };
}

/**
 * The visit's view of the connection. Without a journal (the sample visit) nothing is evicted from memory:
 * a drop loses nothing; but a visit that has no journal because the disk was full is not safe from a crash.
 */
function toLiveHealth(status: ConnectionStatus, diskFullAtStart: boolean, notKept: boolean): LiveHealth {
  const health =
    status.state === 'reconnecting' ? 'reconnecting' : status.state === 'failed' ? 'offline' : 'connected';
  const nothingLost =
    status.journal === 'none' ? status.state !== 'failed' && !diskFullAtStart : status.allAudioSafe;
  const disk =
    status.state === 'closed' && notKept
      ? ('not_kept' as const)
      : diskFullAtStart || status.journal === 'disk_full'
        ? ('full' as const)
        : undefined;
  return { health, nothingLost, ...(disk ? { disk } : {}) };
}

/** Why a stream's audio stopped: the contract's code for an audio failure. */
function audioFailureCode(error: unknown): ErrorCode {
  return error instanceof AudioError && error.code === 'mic_denied' ? 'mic_denied' : 'device_lost';
}

/** A session's journal and the store it lives in. */
export interface KeptJournal {
  readonly store: JournalStore;
  readonly journal: VisitJournal;
}

/** LiveSession over a TranscribeSession. */
export class LiveSessionAdapter implements LiveSession {
  readonly #session: TranscribeSession;
  readonly #streams: readonly LiveStream[];
  readonly #items = new Emitter<LiveItem>();
  readonly #health = new Emitter<LiveHealth>();
  readonly #fail = new Emitter<{ code: ErrorCode }>();
  readonly #audioEnd = new Emitter<{ code: ErrorCode | null }>();
  readonly #journal: KeptJournal | null;
  #pumps: Promise<void> = Promise.resolve();
  #stopping = false;
  started: Promise<void> = Promise.resolve();

  constructor(
    session: TranscribeSession,
    streams: readonly LiveStream[],
    journal: KeptJournal | null,
    diskFullAtStart = false,
    readonly said?: SaidSource,
  ) {
    this.#session = session;
    this.#streams = streams;
    this.#journal = journal;
    const notKept = (): boolean => diskFullAtStart || journal?.journal.notKept === true;
    session.on('item', (item) => this.#items.emit(toLiveItem(item)));
    session.on('connection', (status) => this.#health.emit(toLiveHealth(status, diskFullAtStart, notKept())));
    session.on('state', (state) => {
      if (state === 'failed') this.#fail.emit(streamingFailure(session.failure));
    });
  }

  /**
   * Starts the session, then one pump per stream: the session keeps (and journals) audio from start() on
   * and sends it once a socket streams, so what is said while connecting goes in now.
   */
  begin(): void {
    this.started = this.#session.start();
    this.started.catch(() => undefined); // the visit awaits it; a rejection is never left unhandled
    this.#pump();
  }

  /** One pump per stream; reports when all streams ended by themselves. */
  #pump(): void {
    let failure: ErrorCode | null = null;
    this.#pumps = Promise.all(
      this.#streams.map(async (stream) => {
        try {
          for await (const chunk of stream.chunks) this.#session.sendAudio(stream.id, chunk);
        } catch (error) {
          failure ??= audioFailureCode(error);
        }
      }),
    ).then(() => {
      if (!this.#stopping) this.#audioEnd.emit({ code: failure });
    });
  }

  onDidItem(listener: (item: LiveItem) => void): () => void {
    return this.#items.on(listener);
  }
  onDidHealth(listener: (health: LiveHealth) => void): () => void {
    return this.#health.on(listener);
  }
  onDidFail(listener: (failure: FailureNote) => void): () => void {
    return this.#fail.on(listener);
  }
  onDidAudioEnd(listener: (end: { code: ErrorCode | null }) => void): () => void {
    return this.#audioEnd.on(listener);
  }

  pause(): Promise<void> {
    return this.#session.pause();
  }
  resume(): Promise<void> {
    return this.#session.resume();
  }

  async end(): Promise<void> {
    this.#stopping = true;
    // Every chunk captured must be handed over before END (the caller has stopped the audio).
    await this.#pumps;
    await this.#session.end();
  }

  async abort(): Promise<void> {
    this.#stopping = true;
    this.#session.abort();
  }

  async forget(): Promise<void> {
    if (this.#journal) await this.#journal.store.shred(this.#journal.journal.id);
  }

  async setAside(): Promise<void> {
    if (this.#journal) await this.#journal.store.unclaim(this.#journal.journal.id);
  }

  keep(): boolean {
    this.#journal?.store.release(this.#journal.journal.id);
    return this.#journal !== null;
  }
}
