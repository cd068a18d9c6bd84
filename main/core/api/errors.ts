/**
 * The ApiError family: every transport and API failure the client reports, with its machine facts (status,
 * code, trace id) and a ServiceNote saying what went wrong as closed facts. The client never words it: the
 * CLI words the note (preload/words: serviceNoteText) and the IPC boundary maps the error to the one failure
 * type (main/core/ipc/error-mapping.ts), worded where it is shown. Never request or response content,
 * because bodies may hold patient data.
 */
import type {
  CallerOperation,
  JobReason,
  ServiceNote,
  ShapeReason,
} from '../../../preload/contract/index.ts';

/** Codes the service is known to use: their names and whether trying again may help (words: preload/words). */
export const KNOWN_ERROR_CODES: Readonly<Record<number, { name: string; retryable?: boolean }>> = {
  83005: { name: 'NOTE_GENERATION_TRANSCRIPT_TOO_SHORT' },
  83011: { name: 'NO_AUDIO_RECEIVED', retryable: true },
  83023: { name: 'NOTE_HAS_NO_PATIENT_INSTRUCTIONS_INFORMATION' },
};

export interface ApiErrorInit {
  status?: number;
  code?: number;
  name?: string;
  traceId?: string;
  retryable?: boolean;
  /** What the client was doing, e.g. "generate-note". Never content. */
  operation?: string;
  /** Safe, non-patient explanation (only for authentication endpoints, whose bodies carry no patient data). */
  detail?: string;
  /** This computer's clock may be why the service refused (the words then say to check it). */
  clockSuspect?: boolean;
  /** How far the service's clock is ahead of this computer's, when a refused sign-in names it (a minute or more). */
  clockOffsetMs?: number;
  cause?: unknown;
}

/** Error names this client knows: the public ones (the contract's table and public facts). */
const KNOWN_ERROR_NAMES: ReadonlySet<string> = new Set([
  'BAD_REQUEST',
  ...Object.values(KNOWN_ERROR_CODES).map((known) => known.name),
]);

/**
 * The service's error `name` when it is one we know, else undefined. Whatever else the service puts there
 * (any upper-case text would pass a pattern) is neither kept nor printed: it could carry echoed content.
 */
export function knownErrorName(name: unknown): string | undefined {
  return typeof name === 'string' && KNOWN_ERROR_NAMES.has(name) ? name : undefined;
}

/** A trace id when it looks like one (letters, digits and `.-_:`, at most 128), else undefined. */
export function safeTraceId(traceId: unknown): string | undefined {
  return typeof traceId === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(traceId) ? traceId : undefined;
}

/** A note as a machine reads it ("job reason=job_failed"): the Error's message, for logs; never words. */
function noteCode(note: ServiceNote): string {
  const facts = Object.entries(note)
    .filter(([key, value]) => key !== 'kind' && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return [note.kind, ...facts].join(' ');
}

/** Base of every API failure. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly errorName: string | undefined;
  readonly traceId: string | undefined;
  readonly retryable: boolean;
  readonly operation: string | undefined;
  readonly detail: string | undefined;
  readonly clockSuspect: boolean;
  readonly clockOffsetMs: number | undefined;

  constructor(
    /** What went wrong, as closed facts the words are chosen from where they are shown. */
    readonly note: ServiceNote,
    init: ApiErrorInit = {},
  ) {
    super(noteCode(note), init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.errorName = knownErrorName(init.name);
    this.traceId = safeTraceId(init.traceId);
    this.retryable = init.retryable ?? false;
    this.operation = init.operation;
    this.detail = init.detail;
    this.clockSuspect = init.clockSuspect ?? false;
    this.clockOffsetMs = init.clockOffsetMs;
  }

  /** The ids IT looks a failure up by, as " (HTTP 401, code 5, Name, trace t)"; '' when none. Never content. */
  idsSuffix(): string {
    const ids = [
      this.status !== undefined ? `HTTP ${this.status}` : undefined,
      this.code !== undefined ? `code ${this.code}` : undefined,
      this.errorName,
      this.traceId ? `trace ${this.traceId}` : undefined,
    ].filter(Boolean);
    return ids.length > 0 ? ` (${ids.join(', ')})` : '';
  }

  /** A one-line summary for logs: the note's facts plus ids, never content and never words. */
  summary(): string {
    return `${this.message}${this.idsSuffix()}`;
  }
}

/** The same failure (class, status, code, ids) with another note. For errors built from an answer. */
export function withNote<E extends ApiError>(
  error: E,
  note: ServiceNote,
  extra: Pick<ApiErrorInit, 'clockSuspect' | 'clockOffsetMs'> = {},
): E {
  const Kind = error.constructor as new (note: ServiceNote, init: ApiErrorInit) => E;
  return new Kind(note, {
    status: error.status,
    code: error.code,
    name: error.errorName,
    traceId: error.traceId,
    retryable: error.retryable,
    operation: error.operation,
    detail: error.detail,
    clockSuspect: extra.clockSuspect ?? error.clockSuspect,
    clockOffsetMs: extra.clockOffsetMs ?? error.clockOffsetMs,
    cause: error,
  });
}

/** The service could not be reached, or the connection broke. Always worth retrying. */
export class ConnectionError extends ApiError {
  override readonly name = 'ConnectionError';
  constructor(operation: string, cause?: unknown) {
    super({ kind: 'unreachable' }, { operation, retryable: true, cause });
  }
}

/** The request took longer than allowed. */
export class TimeoutError extends ApiError {
  override readonly name = 'TimeoutError';
  constructor(operation: string) {
    super({ kind: 'timed_out' }, { operation, retryable: true, status: 408 });
  }
}

/** 401: credentials missing, expired or refused. */
export class AuthenticationError extends ApiError {
  override readonly name = 'AuthenticationError';
}
/** 403. */
export class PermissionDeniedError extends ApiError {
  override readonly name = 'PermissionDeniedError';
}
/** Refused before sending: the contract reserves this endpoint for the other kind of caller. */
export class CallerNotAllowedError extends ApiError {
  override readonly name = 'CallerNotAllowedError';
  constructor(
    /** The caller the endpoint needs. */
    readonly requires: 'server' | 'user',
    operation: CallerOperation,
    init: ApiErrorInit = {},
  ) {
    super({ kind: 'caller', requires, operation }, { operation, ...init });
  }
}
/** 404. */
export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
}
/** 400 / 422: the service says the request is wrong. */
export class InvalidRequestError extends ApiError {
  override readonly name = 'InvalidRequestError';
}
/** 429. */
export class RateLimitError extends ApiError {
  override readonly name = 'RateLimitError';
}
/** 5xx. */
export class ServerError extends ApiError {
  override readonly name = 'ServerError';
}
/** A place in an answer as a schema names it: field names shaped like identifiers and item numbers only. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** `note.sections.1.content: invalid_type`: where an answer broke the contract, never a value. */
export function shapeField(path: readonly PropertyKey[], issue: string): string {
  const at = path.map((part) =>
    typeof part === 'number' || (typeof part === 'string' && FIELD_NAME.test(part)) ? String(part) : '?',
  );
  return `${at.join('.') || '(root)'}: ${FIELD_NAME.test(issue) ? issue : '?'}`;
}

/**
 * The answer did not have the shape the contract promises: a reason, worded where it is shown, and where
 * (schema field names and issue codes, for logs and the CLI's line; never a value).
 */
export class ResponseShapeError extends ApiError {
  override readonly name = 'ResponseShapeError';
  constructor(
    readonly reason: ShapeReason,
    init: ApiErrorInit = {},
    readonly fields: readonly string[] = [],
  ) {
    super({ kind: 'shape', reason }, init);
  }

  override idsSuffix(): string {
    const ids = super.idsSuffix();
    return this.fields.length > 0 ? `${ids} (at ${this.fields.join('; ')})` : ids;
  }
}
/** An async job failed, or its result expired, or polling gave up at its deadline: a reason, worded where it is shown. */
export class JobError extends ApiError {
  override readonly name = 'JobError';
  constructor(
    readonly reason: JobReason,
    init: ApiErrorInit = {},
  ) {
    super({ kind: 'job', reason }, init);
  }
}

/** Whether a status is worth retrying (408, 429 and 5xx). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Builds the right ApiError for an HTTP error answer, from status and the parsed `{code, name, trace_id}`. */
export function apiErrorFromResponse(
  status: number,
  body: { code?: unknown; name?: unknown; trace_id?: unknown; message?: unknown } | undefined,
  operation: string,
  options: { includeServerMessage?: boolean } = {},
): ApiError {
  const code = typeof body?.code === 'number' ? body.code : undefined;
  const known = code !== undefined ? KNOWN_ERROR_CODES[code] : undefined;
  const name = typeof body?.name === 'string' ? body.name : known?.name;
  const traceId = typeof body?.trace_id === 'string' ? body.trace_id : undefined;
  const retryable = known?.retryable ?? isRetryableStatus(status);
  const note: ServiceNote = { kind: 'answer', status, code };
  const detail =
    options.includeServerMessage && typeof body?.message === 'string'
      ? body.message.slice(0, 300)
      : undefined;
  const init: ApiErrorInit = { status, code, name, traceId, retryable, operation, detail };
  if (status === 401) return new AuthenticationError(note, init);
  if (status === 403) return new PermissionDeniedError(note, init);
  if (status === 404) return new NotFoundError(note, init);
  if (status === 429) return new RateLimitError(note, init);
  if (status >= 500) return new ServerError(note, init);
  if (status === 400 || status === 422) return new InvalidRequestError(note, init);
  return new ApiError(note, init);
}
