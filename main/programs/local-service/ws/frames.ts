/**
 * Wire format of the two streaming sockets: the client frames the service accepts (validated here, with
 * the service's own rules), the frames it sends, and the error codes it uses.
 */
import { z } from 'zod';
import { SPEECH_LOCALES as SERVICE_SPEECH_LOCALES } from '../schemas.ts';
import { CORE_VERSIONS } from '../versions.ts';

/** Dated Core API versions the service knows (the HTTP side's list: one service, one list). */
export const CORE_API_VERSIONS: readonly string[] = CORE_VERSIONS;

/** The versions from which a feature exists; compared as YYYY-MM-DD strings. */
export const SINCE = {
  unspecifiedSpeaker: '2026-02-20',
  haitian: '2026-06-12',
  asyncCorrection: '2026-07-01',
  textFieldContext: '2025-07-24',
} as const;

/** The 35 speech locales plus HAITIAN_HT, which must be the only locale when used. */
const SPEECH_LOCALES: readonly string[] = SERVICE_SPEECH_LOCALES;
const DICTATION_LOCALES = ['ENGLISH_US', 'ENGLISH_UK', 'SPANISH_ES', 'SPANISH_MX', 'FRENCH_FR'] as const;

/**
 * Error codes. Only 83011 is public; the others are this service's own (the real table is not public),
 * which also makes clients prove they handle codes they do not know.
 */
export const WS_ERRORS = {
  noAudio: { code: 83011, name: 'AUDIO_STREAM_TIMEOUT' },
  invalidConfig: { code: 83400, name: 'INVALID_CONFIG' },
  invalidFrame: { code: 83401, name: 'INVALID_MESSAGE' },
  badSequence: { code: 83402, name: 'AUDIO_CHUNK_OUT_OF_SEQUENCE' },
  tooMuchInFlight: { code: 83403, name: 'TOO_MANY_UNACKNOWLEDGED_CHUNKS' },
} as const;
export type WsErrorKind = keyof typeof WS_ERRORS;

/** Codes of refused upgrades (HTTP bodies `{message, code, name, trace_id}`); this service's own. */
export const UPGRADE_ERRORS = {
  unauthorized: { status: 401, code: 83410, name: 'UNAUTHORIZED' },
  expired: { status: 401, code: 83411, name: 'TOKEN_EXPIRED' },
  badRequest: { status: 400, code: 83412, name: 'BAD_REQUEST' },
  notFound: { status: 404, code: 83413, name: 'NOT_FOUND' },
  unavailable: { status: 503, code: 83414, name: 'SERVICE_UNAVAILABLE' },
} as const;
export type UpgradeErrorKind = keyof typeof UPGRADE_ERRORS;

const speaker = z.enum(['DOCTOR', 'PATIENT', 'UNSPECIFIED']);
const audioFormat = { encoding: z.literal('PCM_S16LE'), sample_rate: z.literal(16_000) };

/**
 * Strict like the dictation CONFIG: an unknown field is 83400. The contract's transcription `specialty`
 * belongs to the /transcribe bodies (server callers), not to this CONFIG, whose fields the contract and the
 * vendor's client list without it.
 */
const TranscribeConfigSchema = z.strictObject({
  type: z.literal('CONFIG'),
  ...audioFormat,
  speech_locales: z
    .array(z.enum(SPEECH_LOCALES as [string, ...string[]]))
    .min(1)
    .max(2),
  streams: z
    .array(z.object({ id: z.string().min(1), speaker_type: speaker }))
    .min(1)
    .max(2),
  enable_audio_chunk_ack: z.boolean().optional(),
  split_by_sentence: z.boolean().optional(),
});
export type TranscribeConfig = z.infer<typeof TranscribeConfigSchema>;

/** The field dictated into and the caret/selection in it (public facts: an object, not a string). */
const textFieldContext = z.strictObject({
  text: z.string(),
  selection_start: z.number().int().nonnegative(),
  selection_length: z.number().int().nonnegative(),
});

/**
 * Strict: an unknown field is refused, as the real service does with the contract's `dictate_locale` (the
 * name of the type in the vendor's reference; the field is `dictation_locale`).
 */
const DictateConfigSchema = z.strictObject({
  type: z.literal('CONFIG'),
  ...audioFormat,
  punctuation_mode: z.literal('EXPLICIT'),
  dictation_locale: z.enum(DICTATION_LOCALES),
  enable_async_corrections: z.boolean().optional(),
  text_field_context: textFieldContext.optional(),
});
export type DictateConfig = z.infer<typeof DictateConfigSchema>;

const seqId = z.number().int().nonnegative();
export const TranscribeChunkSchema = z.object({
  type: z.literal('AUDIO_CHUNK'),
  stream_id: z.string(),
  seq_id: seqId,
  payload: z.string(),
});
export const DictateChunkSchema = z.object({
  type: z.literal('AUDIO_CHUNK'),
  seq_id: seqId,
  payload: z.string(),
});
export const EndSchema = z.object({ type: z.literal('END') });

/** A check of a CONFIG: the config, or the reason it was refused (a safe, content-free sentence). */
export type ConfigCheck<T> = { ok: true; config: T } | { ok: false; reason: string };

/** Validates a transcription CONFIG, including rules that depend on the pinned version. */
export function checkTranscribeConfig(frame: unknown, version: string): ConfigCheck<TranscribeConfig> {
  const parsed = TranscribeConfigSchema.safeParse(frame);
  if (!parsed.success) return { ok: false, reason: `invalid CONFIG field ${firstPath(parsed.error)}` };
  const c = parsed.data;
  if (new Set(c.speech_locales).size !== c.speech_locales.length)
    return { ok: false, reason: 'speech_locales must be distinct' };
  if (c.speech_locales.includes('HAITIAN_HT')) {
    if (version < SINCE.haitian) return { ok: false, reason: 'HAITIAN_HT is not available in this version' };
    if (c.speech_locales.length !== 1)
      return { ok: false, reason: 'HAITIAN_HT must be the only speech locale' };
  }
  if (new Set(c.streams.map((s) => s.id)).size !== c.streams.length)
    return { ok: false, reason: 'stream ids must be distinct' };
  if (version < SINCE.unspecifiedSpeaker && c.streams.some((s) => s.speaker_type === 'UNSPECIFIED')) {
    return { ok: false, reason: 'speaker_type UNSPECIFIED is not available in this version' };
  }
  return { ok: true, config: c };
}

/** Validates a dictation CONFIG. */
export function checkDictateConfig(frame: unknown, version: string): ConfigCheck<DictateConfig> {
  const parsed = DictateConfigSchema.safeParse(frame);
  if (!parsed.success) return { ok: false, reason: `invalid CONFIG field ${firstPath(parsed.error)}` };
  if (parsed.data.text_field_context !== undefined && version < SINCE.textFieldContext) {
    return { ok: false, reason: 'text_field_context is not available in this version' };
  }
  const ctx = parsed.data.text_field_context;
  if (ctx && ctx.selection_start + ctx.selection_length > ctx.text.length) {
    return { ok: false, reason: 'text_field_context selection is outside the text' };
  }
  return { ok: true, config: parsed.data };
}

/** Names the offending field only (an unknown field by its name, when it looks like one): never a value. */
function firstPath(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const unknown =
    issue?.code === 'unrecognized_keys'
      ? issue.keys.find((key) => /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key))
      : undefined;
  const where = [...path.map(String), ...(unknown ? [unknown] : [])];
  return where.length === 0 ? '(frame)' : where.join('.');
}

/** Decodes a base64 AUDIO_CHUNK payload into samples, or undefined when it is not whole 16-bit samples. */
export function decodePayload(payload: string): Int16Array | undefined {
  if (payload.length === 0 || payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload))
    return undefined;
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0 || bytes.length % 2 !== 0) return undefined;
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Int16Array(copy.buffer);
}

/** Whether `v` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}
