/**
 * Expected failures crossing the IPC boundary: `{code, params?, retryable}`. The words are not sent; the
 * renderer (and the CLI) format them from code and params through preload/words. The params schema refuses
 * anything outside the closed lists, so a param can never carry transcript text, note content or a token.
 */
import { z } from 'zod';
import { LIMIT_RULES, LIMIT_SUBJECTS } from './limit-codes.ts';
import { ERRNO_CODES, HOTKEY_NAMES, OFFERED_KEYS, RESERVED_KEY_USES, reasonsOf } from './failure-reasons.ts';
import {
  ERROR_CODES,
  LOCKABLE_SETTINGS,
  LOCK_SOURCES,
  type ErrorCode,
  type ErrorParams,
  type ParamsOf,
} from './error-codes.ts';

const count = z.number().int().nonnegative().max(1_000_000_000);
const OFFSET_MAX_MS = 10 * 366 * 24 * 3_600_000;

/** Every param any code may take; each one closed. Which ones a code may use is checked below. */
const ParamsShape = z.strictObject({
  reason: z.string().max(40).optional(),
  rule: z.enum(LIMIT_RULES).optional(),
  subject: z.enum(LIMIT_SUBJECTS).optional(),
  limit: count.optional(),
  actual: count.optional(),
  setting: z.enum(LOCKABLE_SETTINGS).optional(),
  source: z.enum(LOCK_SOURCES).optional(),
  keys: z.array(z.enum(OFFERED_KEYS)).max(OFFERED_KEYS.length).optional(),
  errno: z.enum(ERRNO_CODES).optional(),
  use: z.enum(RESERVED_KEY_USES).optional(),
  other: z.enum(HOTKEY_NAMES).optional(),
  /** clock_wrong, auth_failed: the service's clock minus this computer's, in ms (at most ten years either way). */
  offsetMs: z.number().int().min(-OFFSET_MAX_MS).max(OFFSET_MAX_MS).optional(),
});

/** Which params each kind of code takes. */
function allowedParams(code: ErrorCode): readonly string[] {
  if (code === 'limit_exceeded') return ['rule', 'subject', 'limit', 'actual'];
  if (code === 'policy_locked') return ['setting', 'source'];
  if (code === 'dictation_setting_refused') return ['reason', 'keys', 'use', 'other'];
  if (code === 'config_invalid') return ['reason', 'errno'];
  if (code === 'clock_wrong' || code === 'auth_failed') return ['offsetMs'];
  return reasonsOf(code).length > 0 ? ['reason'] : [];
}

/** Each code may take only its own params, each reason from the code's own list. */
function checkParams(
  error: { code: ErrorCode; params?: z.infer<typeof ParamsShape> },
  ctx: z.RefinementCtx,
): void {
  const params: Readonly<Record<string, unknown>> = error.params ?? {};
  const allowed = allowedParams(error.code);
  for (const name of Object.keys(params))
    if (!allowed.includes(name))
      ctx.addIssue({ code: 'custom', path: ['params', name], message: 'not allowed' });
  if (params.reason !== undefined && !reasonsOf(error.code).includes(String(params.reason)))
    ctx.addIssue({ code: 'custom', path: ['params', 'reason'], message: 'unknown reason' });
  if (error.code === 'limit_exceeded' && error.params && params.rule === undefined)
    ctx.addIssue({ code: 'custom', path: ['params', 'rule'], message: 'required' });
  if (error.code === 'policy_locked' && error.params && (!params.setting || !params.source))
    ctx.addIssue({ code: 'custom', path: ['params'], message: 'setting and source required' });
}

/** An expected failure as it crosses IPC: a code, closed params, and whether trying again may help. */
export const IpcErrorSchema = z
  .strictObject({ code: z.enum(ERROR_CODES), params: ParamsShape.optional(), retryable: z.boolean() })
  .superRefine(checkParams);

/**
 * A failure a pushed state names (the visit's `error`): the same code and closed params, no words. Not
 * strict: a field the contract does not name (a sentence a bug put there) is stripped, never sent.
 */
export const FailureNoteSchema = z
  .object({ code: z.enum(ERROR_CODES), params: ParamsShape.optional() })
  // The refinement checks each code's params, which zod's inferred type cannot say: typed as checked.
  .superRefine(checkParams) as unknown as z.ZodType<FailureNote>;

/** What a failure note carries: the part of an expected failure that the words come from. */
export interface FailureNote {
  readonly code: ErrorCode;
  readonly params?: ErrorParams;
}

export interface IpcError {
  readonly code: ErrorCode;
  readonly params?: ErrorParams;
  readonly retryable: boolean;
}

/** What every channel returns: a value or an expected failure, never an exception. */
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** Builds a success value. */
export function ok<T>(data: T): IpcResult<T> {
  return { ok: true, data };
}

/** Builds a failure value; params, when the code takes them, say which words the person reads. */
export function fail<T = never, C extends ErrorCode = ErrorCode>(
  code: C,
  options: { retryable?: boolean; params?: ParamsOf<C> } = {},
): IpcResult<T> {
  const error: IpcError = { code, retryable: options.retryable ?? false };
  return { ok: false, error: options.params ? { ...error, params: options.params as ErrorParams } : error };
}
