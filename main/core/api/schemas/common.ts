import { z } from 'zod';

/**
 * Shared schema pieces. Response objects are "loose": fields the contract does not show pass through
 * untouched, so a newer service never breaks this client.
 */
export const NOTE_LOCALES = ['ENGLISH_US', 'ENGLISH_UK', 'FRENCH_FR'] as const;
export const DICTATION_LOCALES = [
  'ENGLISH_US',
  'ENGLISH_UK',
  'SPANISH_ES',
  'SPANISH_MX',
  'FRENCH_FR',
] as const;
/** The 35 speech locales and HAITIAN_HT (public facts), one list: the contract's enums.ts. */
export { SPEECH_LOCALES } from '../../../../preload/contract/enums.ts';
export const SPEAKER_TYPES = ['UNSPECIFIED', 'DOCTOR', 'PATIENT'] as const;
/** The contract's `em_specialty_kind` values, one list: the contract's enums.ts. */
export { EM_SPECIALTY_KINDS as EM_SPECIALTIES } from '../../../../preload/contract/enums.ts';
export const SOURCE_NOTE_KINDS = ['ASSESSMENT_AND_PLAN', 'ASSESSMENT', 'PLAN'] as const;

export type DictationLocale = (typeof DICTATION_LOCALES)[number];
export type SpeakerType = (typeof SPEAKER_TYPES)[number];

/** A string enum that still accepts values added by a newer service (kept as plain strings). */
function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]);
}

/** `{id}` from any POST …-async. */
export const AsyncStartSchema = z.looseObject({ id: z.string() });

/** The code and name of a failed job's `error`, whatever its shape (the field is not public). */
function jobError(error: unknown): { code?: number; name?: string } | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return {
    code: typeof code === 'number' ? code : undefined,
    name: typeof name === 'string' ? name : undefined,
  };
}

/**
 * GET …-async/{id}: ONGOING | SUCCEEDED | FAILED, payload on success. Unknown statuses are kept. `payload`
 * may be null while the job runs; `error` is read whatever its shape, never failing the poll.
 */
export function asyncJobSchema<T extends z.ZodType>(payload: T) {
  return z.looseObject({
    id: z.string(),
    status: openEnum(['ONGOING', 'SUCCEEDED', 'FAILED']),
    client_request_id: z.string().nullish(),
    payload: payload.nullish(),
    error: z.unknown().transform(jobError).optional(),
  });
}
