/**
 * LiveTranscriber over main/streaming's TranscribeSession: pumps each stream's 100 ms chunks into the
 * session and translates the session's events into the visit's narrow LiveSession port.
 */
import { AudioError } from '../audio/audio-source.ts';
import type { AccessTokenSource } from '../api/auth/token-source.ts';
import type { ErrorCode } from '../../preload/contract/index.ts';
import type { JournalStore } from '../streaming/journal-store.ts';
import type { VisitJournal } from '../streaming/journal.ts';
import { SecretStoreError } from '../secrets/secret-store.ts';
import { StreamingError } from '../streaming/streaming-error.ts';
import { resendRecovered } from '../streaming/recovery.ts';
import { TranscribeSession } from '../streaming/transcribe-session.ts';
import type { LiveHealth, LiveItem, LiveSession, LiveStream, LiveTranscriber } from './ports.ts';
import { Failure } from '../ipc/failure.ts';

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

type Listener<T> = (value: T) => void;

/** What a transcription journal records of its session, so a recovered visit is sent again the same way. */
export function transcribeJournalSettings(
  locales: readonly string[],
  streams: readonly Pick<LiveStream, 'id' | 'speakerType'>[],
) {
  return {
    speechLocales: [...locales],
    streams: streams.map((s) => ({ id: s.id, speakerType: s.speakerType })),
  };
}

/**
 * Builds live transcription sessions against one service. With `journals`, every session writes its audio
 * to an encrypted journal before sending it (crash recovery); the sample visit runs without one.
 */
export function createLiveTranscriber(options: {
  baseUrl: URL;
  tokens: AccessTokenSource;
  apiVersion?: string;
  journals?: JournalStore;
}): LiveTranscriber {
  return {
    async start({ locales, streams }) {
      const specs = streams.map((s) => ({ id: s.id, speakerType: s.speakerType }));
      const { journal, diskFull } = await openJournal(options.journals, locales, specs);
      const session = new TranscribeSession({
        baseUrl: options.baseUrl,
        tokens: options.tokens,
        ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
        speechLocales: locales,
        streams: specs,
        ...(journal ? { journal } : {}),
      });
      const live = new LiveSessionAdapter(
        session,
        streams,
        journal && options.journals ? { store: options.journals, journal } : null,
        diskFull,
      );
      // Not awaited: the visit shows that it is connecting (and may be stopped) while the session tries.
      live.begin();
      return live;
    },
    async resend(recovered) {
      // The old journal is not shredded here: it stays the visit's safety net until the visit is discarded.
      const result = await resendRecovered(recovered, {
        baseUrl: options.baseUrl,
        tokens: options.tokens,
        ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
      });
      if (result.kind !== 'transcribe') throw new TypeError('Not a visit journal.');
      return result.items.map((item, i) => ({
        id: `recovered-${i}`,
        text: item.text,
        speakerType: item.speaker_type,
        startMs: item.start_offset_ms,
        endMs: item.end_offset_ms,
        final: true,
      }));
    },
  };
}

/**
 * The visit's journal. A full disk does not stop the visit: it records with its audio in memory until the
 * service has transcribed it (`diskFull`, shown on screen). A keychain that is locked or out of reach, or a
 * folder that cannot be written, refuses Start with its own code (the journal left nothing behind).
 */
async function openJournal(
  journals: JournalStore | undefined,
  locales: readonly string[],
  specs: readonly Pick<LiveStream, 'id' | 'speakerType'>[],
): Promise<{ journal: VisitJournal | undefined; diskFull: boolean }> {
  try {
    const settings = transcribeJournalSettings(locales, specs);
    const ids = specs.map((s) => s.id);
    return { journal: await journals?.create('transcribe', ids, settings), diskFull: false };
  } catch (error) {
    if (error instanceof StreamingError && error.code === 'disk_full')
      return { journal: undefined, diskFull: true };
    if (error instanceof SecretStoreError)
      throw new Failure(error.code === 'keychain_denied' ? 'keychain_locked' : 'keychain_unavailable');
    throw new Failure('journal_unavailable');
  }
}

class LiveSessionAdapter implements LiveSession {
  readonly #session: TranscribeSession;
  readonly #streams: readonly LiveStream[];
  readonly #items = new Set<Listener<LiveItem>>();
  readonly #health = new Set<Listener<LiveHealth>>();
  readonly #fail = new Set<Listener<{ code: ErrorCode }>>();
  readonly #audioEnd = new Set<Listener<{ code: ErrorCode | null }>>();
  readonly #journal: { store: JournalStore; journal: VisitJournal } | null;
  #pumps: Promise<void> = Promise.resolve();
  #stopping = false;
  started: Promise<void> = Promise.resolve();

  constructor(
    session: TranscribeSession,
    streams: readonly LiveStream[],
    journal: { store: JournalStore; journal: VisitJournal } | null,
    diskFullAtStart = false,
  ) {
    this.#session = session;
    this.#streams = streams;
    this.#journal = journal;
    const notKept = (): boolean => diskFullAtStart || journal?.journal.notKept === true;
    session.on('item', (item) => {
      const live: LiveItem = {
        id: item.id,
        text: item.text,
        speakerType: item.speakerType,
        startMs: item.startMs,
        endMs: item.endMs,
        final: item.isFinal,
      };
      for (const l of this.#items) l(live);
    });
    session.on('connection', (status) => {
      const health: LiveHealth = {
        health:
          status.state === 'reconnecting'
            ? 'reconnecting'
            : status.state === 'failed'
              ? 'offline'
              : 'connected',
        // Without a journal (the sample visit) nothing is evicted from memory: a drop loses nothing; but
        // a visit that has no journal because the disk is full is not safe from a crash.
        nothingLost:
          status.journal === 'none' ? status.state !== 'failed' && !diskFullAtStart : status.allAudioSafe,
        ...(status.state === 'closed' && notKept()
          ? { disk: 'not_kept' as const }
          : diskFullAtStart || status.journal === 'disk_full'
            ? { disk: 'full' as const }
            : {}),
      };
      for (const l of this.#health) l(health);
    });
    session.on('state', (state) => {
      if (state !== 'failed') return;
      const code = streamingFailureCode(session.failure);
      for (const l of this.#fail) l({ code });
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
          failure ??=
            error instanceof AudioError
              ? error.code === 'mic_denied'
                ? 'mic_denied'
                : 'device_lost'
              : 'device_lost';
        }
      }),
    ).then(() => {
      if (this.#stopping) return;
      for (const l of this.#audioEnd) l({ code: failure });
    });
  }

  onDidItem(listener: Listener<LiveItem>) {
    return this.#subscribe(this.#items, listener);
  }
  onDidHealth(listener: Listener<LiveHealth>) {
    return this.#subscribe(this.#health, listener);
  }
  onDidFail(listener: Listener<{ code: ErrorCode }>) {
    return this.#subscribe(this.#fail, listener);
  }
  onDidAudioEnd(listener: Listener<{ code: ErrorCode | null }>) {
    return this.#subscribe(this.#audioEnd, listener);
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

  keep(): boolean {
    this.#journal?.store.release(this.#journal.journal.id);
    return this.#journal !== null;
  }

  #subscribe<T>(set: Set<Listener<T>>, listener: Listener<T>): () => void {
    set.add(listener);
    return () => set.delete(listener);
  }
}
