import { randomUUID } from 'node:crypto';

/**
 * Error names and numeric codes of the local service. Only 83005 and 83023 are public; the others are
 * this double's own choice (the contract does not show the real table), so clients must branch on the
 * HTTP status or on the two public codes only.
 */
const ERROR_CODES = {
  BAD_REQUEST: 40000,
  UNSUPPORTED_API_VERSION: 40001,
  INVALID_GRANT: 40002,
  INVALID_CLIENT_ASSERTION: 40100,
  UNAUTHORIZED: 40101,
  TOKEN_EXPIRED: 40102,
  REFRESH_TOKEN_REUSED: 40103,
  FORBIDDEN: 40300,
  USER_DEACTIVATED: 40301,
  WRONG_TOKEN_KIND: 40302,
  NOT_FOUND: 40400,
  METHOD_NOT_ALLOWED: 40500,
  CONFLICT: 40900,
  PAYLOAD_TOO_LARGE: 41300,
  RATE_LIMITED: 42900,
  NOTE_GENERATION_TRANSCRIPT_TOO_SHORT: 83005,
  NOTE_HAS_NO_PATIENT_INSTRUCTIONS_INFORMATION: 83023,
  INTERNAL_ERROR: 50000,
  SERVICE_UNAVAILABLE: 50300,
} as const;

/** One of the error names above. */
export type ErrorName = keyof typeof ERROR_CODES;

/** The JSON error body every refusal carries. */
export interface ErrorBody {
  message: string;
  code: number;
  name: string;
  trace_id: string;
}

/**
 * A refusal raised by a handler. The message names the rule that failed and never echoes request
 * content, tokens or keys.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: ErrorName,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The wire body of this error. */
  body(): ErrorBody {
    return errorBody(this.errorName, this.message);
  }
}

/** Builds an error body with a fresh trace id. */
export function errorBody(name: ErrorName, message: string): ErrorBody {
  return { message, code: ERROR_CODES[name], name, trace_id: randomUUID() };
}

/** 400 BAD_REQUEST with a reason. */
export function badRequest(message: string): ServiceError {
  return new ServiceError(400, 'BAD_REQUEST', message);
}

/** 404 NOT_FOUND for a resource. */
export function notFound(what: string): ServiceError {
  return new ServiceError(404, 'NOT_FOUND', `${what} not found`);
}
