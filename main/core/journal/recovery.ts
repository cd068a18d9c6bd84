/**
 * Sending a crashed session again from its journal (journal-store.ts). The service kept nothing of the old
 * socket, so a recovered visit is a new session with the same configuration whose timeline continues the old
 * one: `startIndex` is the first chunk not covered by final text, the final items received before the crash
 * are the transcript's `initialItems`, and the uncovered audio is replayed as fast as acknowledgements allow.
 * Audio just before the release point that the service recognises again is merged by the transcript's
 * duplicate rule, so every sentence appears once. The old journal is shredded only once the new session has
 * ended cleanly: a failed resend can be tried again.
 *
 * The app and the CLI both write journals through the settings shapes below, so either can recover the
 * other's sessions.
 */
import { z } from 'zod';
import type { AccessTokenSource } from '../api/auth/token-source.ts';
import type { CallerKind } from '../api/protocol.ts';
import { DICTATION_LOCALES, SPEAKER_TYPES } from '../api/schemas/common.ts';
import { CHUNK_SAMPLES } from '../audio/audio-source.ts';
import { DictateSession } from '../streaming/dictate-session.ts';
import type { TextFieldContext, StreamSpec } from '../streaming/frames.ts';
import type { JournalStore } from './journal-store.ts';
import type { RecoveredSession } from './journal-replay.ts';
import type { SessionOptions } from '../streaming/session-types.ts';
import { StreamingError } from '../streaming/streaming-error.ts';
import { TranscribeSession } from '../streaming/transcribe-session.ts';
import { Transcript, type FinalTranscriptItem } from '../streaming/transcript.ts';

/** The `settings` of a transcription journal's config record. */
export const TranscribeJournalSettings = z.object({
  speechLocales: z.array(z.string()).min(1).max(2),
  streams: z
    .array(z.object({ id: z.string(), speakerType: z.enum(SPEAKER_TYPES) }))
    .min(1)
    .max(2),
});
export type TranscribeJournalSettings = z.infer<typeof TranscribeJournalSettings>;

/** The `settings` of a dictation journal's config record (the field context is patient text: encrypted). */
export const DictateJournalSettings = z.object({
  locale: z.enum(DICTATION_LOCALES),
  asyncCorrections: z.boolean(),
  context: z
    .object({
      text: z.string(),
      selectionStart: z.number().int().nonnegative(),
      selectionLength: z.number().int().nonnegative(),
    })
    .optional(),
});
export type DictateJournalSettings = z.infer<typeof DictateJournalSettings>;

/** What a new session needs to reach the service (as TranscribeSession and DictateSession take it). */
export interface RecoveryConnection {
  baseUrl: URL;
  tokens: AccessTokenSource;
  apiVersion?: string;
  caller?: CallerKind;
}

/** The complete result of a recovered session, on one timeline. */
export type RecoveryResult =
  | { kind: 'transcribe'; items: FinalTranscriptItem[] }
  /** The dictated text (committed before the crash + the resent part), without the field context. */
  | { kind: 'dictate'; text: string };

export interface ResendOptions {
  /** Shreds the old journal after a clean end; without it the caller disposes of the journal. */
  journals?: Pick<JournalStore, 'shred'>;
  /** Session tuning (timeouts, reconnect policy) for the new session. */
  session?: Omit<SessionOptions, 'baseUrl' | 'tokens' | 'apiVersion' | 'caller' | 'journal' | 'startIndex'>;
  /**
   * A dictation's whole text (committed + resent so far) after each unit, correction or rollback, and once at
   * the end, with its locale: where the voice commands in it are followed (features/dictation/commands).
   */
  onDictatedText?: (text: string, locale: string) => void;
}

const SILENCE = new Int16Array(CHUNK_SAMPLES);

/**
 * Sends a recovered session again and returns its complete final transcript (or dictated text). Throws
 * StreamingError (`journal_corrupt` when the journal's settings cannot be read, or the session's failure).
 */
export async function resendRecovered(
  recovered: RecoveredSession,
  connection: RecoveryConnection,
  options: ResendOptions = {},
): Promise<RecoveryResult> {
  const result =
    recovered.config.session === 'transcribe'
      ? await resendTranscription(recovered, connection, options)
      : await resendDictation(recovered, connection, options);
  await options.journals?.shred(recovered.id);
  return result;
}

async function resendTranscription(
  recovered: RecoveredSession,
  connection: RecoveryConnection,
  options: ResendOptions,
): Promise<RecoveryResult> {
  const settings = parseSettings(TranscribeJournalSettings, recovered.config.settings);
  const streams: StreamSpec[] = settings.streams;
  if (recovered.uncovered.length === 0)
    return { kind: 'transcribe', items: new Transcript({ initial: recovered.finalItems }).finalItems() };
  const session = new TranscribeSession({
    ...sessionOptions(recovered, connection, options),
    speechLocales: settings.speechLocales,
    streams,
    initialItems: recovered.finalItems,
  });
  await replay(session, recovered, (stream, chunk) => session.sendAudio(streams[stream]!.id, chunk));
  return { kind: 'transcribe', items: session.finalItems() };
}

async function resendDictation(
  recovered: RecoveredSession,
  connection: RecoveryConnection,
  options: ResendOptions,
): Promise<RecoveryResult> {
  const settings = parseSettings(DictateJournalSettings, recovered.config.settings);
  const committed = recovered.committedText;
  const told = (text: string) => options.onDictatedText?.(text, settings.locale);
  if (recovered.uncovered.length === 0) {
    told(committed);
    return { kind: 'dictate', text: committed };
  }
  const session = new DictateSession({
    ...sessionOptions(recovered, connection, options),
    locale: settings.locale,
    asyncCorrections: settings.asyncCorrections,
    // The service continues after what was committed before the crash, as after a reconnect.
    context: continuedContext(settings.context, committed),
  });
  if (committed !== '') told(committed);
  session.on('text', ({ text }) => told(committed + text));
  await replay(session, recovered, (_stream, chunk) => session.sendAudio(chunk));
  told(committed + session.text);
  return { kind: 'dictate', text: committed + session.text };
}

/** The field as it stood after the committed text was inserted at the cursor. */
function continuedContext(context: TextFieldContext | undefined, committed: string): TextFieldContext {
  const field = context ?? { text: '', selectionStart: 0, selectionLength: 0 };
  if (committed === '') return field;
  const before = field.text.slice(0, field.selectionStart);
  const after = field.text.slice(field.selectionStart + field.selectionLength);
  return {
    text: before + committed + after,
    selectionStart: before.length + committed.length,
    selectionLength: 0,
  };
}

function sessionOptions(
  recovered: RecoveredSession,
  connection: RecoveryConnection,
  options: ResendOptions,
): SessionOptions {
  return {
    ...options.session,
    baseUrl: connection.baseUrl,
    tokens: connection.tokens,
    ...(connection.apiVersion === undefined ? {} : { apiVersion: connection.apiVersion }),
    ...(connection.caller === undefined ? {} : { caller: connection.caller }),
    // The new socket's offsets start where the uncovered audio starts on the old timeline.
    startIndex: firstUncovered(recovered),
  };
}

function firstUncovered(recovered: RecoveredSession): number {
  return Math.min(...recovered.config.streams.map((_, s) => recovered.releasedBefore[s] ?? 0));
}

/**
 * Starts the session, hands it every uncovered chunk at once (the session's ack window paces the socket),
 * then ends it. A stream released further than another is padded with silence up to its own release point,
 * so chunk i of every stream stays at i·100 ms, as the live session does.
 */
async function replay(
  session: TranscribeSession | DictateSession,
  recovered: RecoveredSession,
  send: (stream: number, chunk: Int16Array) => boolean,
): Promise<void> {
  const first = firstUncovered(recovered);
  const byStream = recovered.config.streams.map(() => new Map<number, Int16Array>());
  for (const chunk of recovered.uncovered) byStream[chunk.stream]?.set(chunk.index, chunk.samples);
  await session.start();
  try {
    byStream.forEach((chunks, stream) => {
      const last = Math.max(first - 1, ...chunks.keys());
      for (let index = first; index <= last; index++) {
        // A hole inside a stream (never expected: the journal writes in order) is silence, never a shift.
        if (!send(stream, chunks.get(index) ?? SILENCE))
          throw new StreamingError('invalid_state', 'The recovered session stopped taking audio.');
      }
    });
  } catch (error) {
    session.abort();
    throw session.failure ?? error;
  }
  await session.end();
}

function parseSettings<T>(schema: z.ZodType<T>, settings: unknown): T {
  const parsed = schema.safeParse(settings);
  if (!parsed.success)
    throw new StreamingError(
      'journal_corrupt',
      'The journal does not describe a session this version can send.',
    );
  return parsed.data;
}
