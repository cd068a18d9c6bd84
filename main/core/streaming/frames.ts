/**
 * The frames of /transcribe-ws and /dictate-ws. Every server frame is parsed with zod: unknown fields pass
 * through, unknown frame types and malformed frames become an `ignored` value (never a crash), and nothing
 * about a frame's content ever reaches an error message.
 */
import { z } from 'zod';
import { PROTOCOL } from '../api/protocol.ts';

/** Speaker labels of the service. */
type SpeakerType = 'UNSPECIFIED' | 'DOCTOR' | 'PATIENT';

const TranscriptItemFrame = z.looseObject({
  type: z.literal('TRANSCRIPT_ITEM'),
  id: z.union([z.string(), z.number()]).transform(String),
  text: z.string(),
  speaker_type: z.string().optional(),
  locale: z.string().optional(),
  start_offset_ms: z.number().nonnegative(),
  end_offset_ms: z.number().nonnegative(),
  is_final: z.boolean(),
  stream_id: z.string().optional(),
});
const AckFrame = z.looseObject({
  type: z.literal('AUDIO_CHUNK_ACK'),
  ack_id: z.number().int().nonnegative(),
  stream_id: z.string().optional(),
});
const DictatedTextFrame = z.looseObject({ type: z.literal('DICTATED_TEXT'), text: z.string() });
const AsyncCorrectionFrame = z.looseObject({
  type: z.literal('ASYNC_CORRECTION'),
  suffix: z.string(),
  replacement: z.string(),
});
const ErrorFrame = z.looseObject({
  type: z.enum(['ERROR_MESSAGE', 'error', 'ERROR']),
  code: z.number().optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  trace_id: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
});

export type TranscriptItemFrame = z.infer<typeof TranscriptItemFrame>;
type AckFrame = z.infer<typeof AckFrame>;
type DictatedTextFrame = z.infer<typeof DictatedTextFrame>;
type AsyncCorrectionFrame = z.infer<typeof AsyncCorrectionFrame>;
type ErrorFrame = z.infer<typeof ErrorFrame>;

/** A parsed server frame, or `ignored` with a content-free reason. */
export type ServerFrame =
  | TranscriptItemFrame
  | AckFrame
  | DictatedTextFrame
  | AsyncCorrectionFrame
  | (ErrorFrame & { type: 'ERROR_MESSAGE' | 'error' | 'ERROR' })
  | { type: 'ignored'; reason: 'not_json' | 'unknown_type' | 'invalid'; frameType?: string };

const SCHEMAS: Record<string, z.ZodType<ServerFrame>> = {
  TRANSCRIPT_ITEM: TranscriptItemFrame,
  AUDIO_CHUNK_ACK: AckFrame,
  DICTATED_TEXT: DictatedTextFrame,
  ASYNC_CORRECTION: AsyncCorrectionFrame,
  ERROR_MESSAGE: ErrorFrame,
  error: ErrorFrame,
  ERROR: ErrorFrame,
};

/** Parses one text frame. Never throws. */
export function parseServerFrame(text: string): ServerFrame {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { type: 'ignored', reason: 'not_json' };
  }
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') return { type: 'ignored', reason: 'invalid' };
  if (type === 'AUDIO_CHUNK_ACK' && isPlainAck(raw as object)) return raw as AckFrame;
  const schema = SCHEMAS[type];
  // Only a short, safe frame type name is kept (the type is protocol vocabulary, not content).
  const frameType = /^[A-Za-z_]{1,40}$/.test(type) ? type : undefined;
  if (!schema) return { type: 'ignored', reason: 'unknown_type', frameType };
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : { type: 'ignored', reason: 'invalid', frameType };
}

/**
 * The common ack (ten a second per stream) checked by hand, exactly as AckFrame would accept it and with the
 * same result (the parsed object, unknown fields kept); anything else goes through zod.
 */
function isPlainAck(raw: object): raw is AckFrame {
  const { ack_id: ackId, stream_id: streamId } = raw as { ack_id?: unknown; stream_id?: unknown };
  return (
    Number.isSafeInteger(ackId) &&
    (ackId as number) >= 0 &&
    (streamId === undefined || typeof streamId === 'string')
  );
}

/** One declared audio stream of a transcription socket. */
export interface StreamSpec {
  id: string;
  speakerType: SpeakerType;
}

/** CONFIG of /transcribe-ws. */
export function transcribeConfigFrame(
  speechLocales: readonly string[],
  streams: readonly StreamSpec[],
): object {
  return {
    type: 'CONFIG',
    encoding: PROTOCOL.audio.encoding,
    sample_rate: PROTOCOL.audio.sampleRate,
    speech_locales: [...speechLocales],
    streams: streams.map((s) => ({ id: s.id, speaker_type: s.speakerType })),
    enable_audio_chunk_ack: true,
    split_by_sentence: true,
  };
}

/** The text around the cursor that dictation continues from. */
export interface TextFieldContext {
  text: string;
  selectionStart: number;
  selectionLength: number;
}

/**
 * CONFIG of /dictate-ws: `dictation_locale` (public facts: the contract's `dictate_locale` is a type name
 * the service refuses as a field), and `text_field_context` only when the field's text is known.
 */
export function dictateConfigFrame(
  locale: string,
  asyncCorrections: boolean,
  context: TextFieldContext | undefined,
): object {
  return {
    type: 'CONFIG',
    encoding: PROTOCOL.audio.encoding,
    sample_rate: PROTOCOL.audio.sampleRate,
    punctuation_mode: 'EXPLICIT',
    dictation_locale: locale,
    enable_async_corrections: asyncCorrections,
    ...(context
      ? {
          text_field_context: {
            text: context.text,
            selection_start: context.selectionStart,
            selection_length: context.selectionLength,
          },
        }
      : {}),
  };
}

/** AUDIO_CHUNK: base64 PCM_S16LE; `streamId` only on /transcribe-ws. */
export function audioChunkFrame(seqId: number, samples: Int16Array, streamId?: string): object {
  const payload = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).toString('base64');
  return streamId === undefined
    ? { type: 'AUDIO_CHUNK', seq_id: seqId, payload }
    : { type: 'AUDIO_CHUNK', stream_id: streamId, seq_id: seqId, payload };
}

/** END: the service flushes and closes the socket itself. */
export function endFrame(): object {
  return { type: 'END' };
}
