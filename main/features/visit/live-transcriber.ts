/**
 * LiveTranscriber over main/core/streaming's TranscribeSession: opens the visit's journal, starts the session
 * and hands it to LiveSessionAdapter, which pumps each stream's chunks and translates the session's events
 * into the visit's narrow LiveSession port. The app's visits and `scribe transcribe` both build theirs with
 * liveTranscribers (the connection's factory); tests may build one directly with createLiveTranscriber.
 */
import type { AccessTokenSource } from '../../core/api/auth/token-source.ts';
import { toSpeaker } from '../../../preload/contract/index.ts';
import type { JournalStore } from '../../core/journal/journal-store.ts';
import type { RecoveredSession } from '../../core/journal/journal-replay.ts';
import type { VisitJournal } from '../../core/journal/journal.ts';
import { SecretStoreError } from '../../base/secrets/secret-store.ts';
import { StreamingError } from '../../core/streaming/streaming-error.ts';
import { resendRecovered } from '../../core/journal/recovery.ts';
import { TranscribeSession } from '../../core/streaming/transcribe-session.ts';
import { Transcript, type FinalTranscriptItem } from '../../core/streaming/transcript.ts';
import type { LiveItem, LiveSession, LiveStream, LiveTranscriber } from './ports.ts';
import type { TranscriberFactory } from '../../core/streaming/transcriber-port.ts';
import { LiveSessionAdapter } from './transcribe-session-adapter.ts';
import { visitSaid } from './visit-said.ts';
import { Failure } from '../../base/failure.ts';

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

/** Where sessions go and where their audio is kept. */
export interface LiveTranscriberOptions {
  readonly baseUrl: URL;
  readonly tokens: AccessTokenSource;
  readonly apiVersion?: string;
  /** Every session writes its audio to an encrypted journal before sending it (crash recovery). */
  readonly journals?: JournalStore;
  /**
   * Without it, a journal that cannot be created refuses Start (the app: the clinician must know before
   * speaking). With it, the session runs without a journal and this hears why (`scribe`: one line on
   * stderr); a full disk is reported here too, and in both cases the audio stays in memory until transcribed.
   */
  readonly onJournalUnavailable?: (error: unknown) => void;
}

/** Builds live transcription sessions against one service; the sample visit runs without journals. */
export function createLiveTranscriber(options: LiveTranscriberOptions): LiveTranscriber {
  return {
    start: (request) => startLive(options, request),
    resend: (recovered) => resendVisit(options, recovered),
  };
}

/**
 * The one way the app and `scribe transcribe` build a connection's transcriber: its sessions journaled in
 * `journals` (none: kept in memory only); `onJournalUnavailable` as in LiveTranscriberOptions (the CLI's).
 */
export function liveTranscribers(
  journals?: JournalStore,
  onJournalUnavailable?: LiveTranscriberOptions['onJournalUnavailable'],
): TranscriberFactory {
  return (endpoint) =>
    createLiveTranscriber({
      ...endpoint,
      ...(journals ? { journals } : {}),
      ...(onJournalUnavailable ? { onJournalUnavailable } : {}),
    });
}

async function startLive(
  options: LiveTranscriberOptions,
  { locales, streams }: { locales: readonly string[]; streams: readonly LiveStream[] },
): Promise<LiveSession> {
  const specs = streams.map((s) => ({ id: s.id, speakerType: s.speakerType }));
  const { journal, diskFull } = await openJournal(options, locales, specs);
  const session = new TranscribeSession({
    baseUrl: options.baseUrl,
    tokens: options.tokens,
    ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
    speechLocales: locales,
    streams: specs,
    ...(journal ? { journal } : {}),
  });
  const kept = journal && options.journals ? { store: options.journals, journal } : null;
  const said = visitSaid(locales, specs, journal ?? null);
  const live = new LiveSessionAdapter(session, streams, kept, diskFull, said);
  // Not awaited: the visit shows that it is connecting (and may be stopped) while the session tries.
  live.begin();
  return live;
}

async function resendVisit(
  options: LiveTranscriberOptions,
  recovered: RecoveredSession,
): Promise<LiveItem[]> {
  // The old journal is not shredded here: it stays the visit's safety net until the visit is discarded.
  const result = await resendRecovered(recovered, {
    baseUrl: options.baseUrl,
    tokens: options.tokens,
    ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
  });
  if (result.kind !== 'transcribe') throw new TypeError('Not a visit journal.');
  return visitItems(result.items);
}

/** The transcript a visit journal holds whole (a visit that ended cleanly): nothing is sent again. */
export function journaledVisitItems(recovered: RecoveredSession): LiveItem[] {
  return visitItems(new Transcript({ initial: recovered.finalItems }).finalItems());
}

function visitItems(items: readonly FinalTranscriptItem[]): LiveItem[] {
  return items.map((item, i) => ({
    id: `recovered-${i}`,
    text: item.text,
    speaker: toSpeaker(item.speaker_type),
    startMs: item.start_offset_ms,
    endMs: item.end_offset_ms,
    final: true,
  }));
}

/**
 * The visit's journal. A full disk does not stop the visit: it records with its audio in memory until the
 * service has transcribed it (`diskFull`, shown on screen). A keychain that is locked or out of reach, or a
 * folder that cannot be written, refuses Start with its own code (the journal left nothing behind), unless
 * the caller runs without one then (onJournalUnavailable).
 */
async function openJournal(
  options: LiveTranscriberOptions,
  locales: readonly string[],
  specs: readonly Pick<LiveStream, 'id' | 'speakerType'>[],
): Promise<{ journal: VisitJournal | undefined; diskFull: boolean }> {
  try {
    const settings = transcribeJournalSettings(locales, specs);
    const ids = specs.map((s) => s.id);
    return { journal: await options.journals?.create('transcribe', ids, settings), diskFull: false };
  } catch (error) {
    const diskFull = error instanceof StreamingError && error.code === 'disk_full';
    if (options.onJournalUnavailable) {
      options.onJournalUnavailable(error);
      return { journal: undefined, diskFull };
    }
    if (diskFull) return { journal: undefined, diskFull: true };
    if (error instanceof SecretStoreError)
      throw new Failure(error.code === 'keychain_denied' ? 'keychain_locked' : 'keychain_unavailable');
    throw new Failure('journal_unavailable');
  }
}
