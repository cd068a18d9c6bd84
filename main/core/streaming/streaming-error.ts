/**
 * Expected streaming failures as values with a closed code. Messages carry codes and ids only: never frame
 * text, transcript text, audio or tokens; and they are never shown to a person (the code is worded).
 */
/**
 * The closed codes (preload/contract/problem-codes.ts, so the words module can word each): connection_lost
 * (the socket could not be opened or broke; retried for as long as the session records, see
 * ReconnectBudget), unauthorized (the token refused at the upgrade and renewing it did not help),
 * upgrade_refused (403, 404, another 4xx), service_error (an error frame: see `serviceCode`), end_timeout
 * (no close in time after END), ack_timeout (no acknowledgement for too long while audio was in flight),
 * disk_full (the journal's disk is full; audio kept in memory meanwhile), journal_failed (permissions,
 * I/O), journal_corrupt (a record failed authentication: altered, or another key's), journal_missing (no
 * such journal, or its key is gone), invalid_state (the caller used the session in a state that does not
 * allow it).
 */
export type { StreamingErrorCode } from '../../../preload/contract/problem-codes.ts';
import type { StreamingErrorCode } from '../../../preload/contract/problem-codes.ts';

export interface StreamingErrorInit {
  status?: number;
  serviceCode?: number;
  serviceName?: string;
  traceId?: string;
  retryable?: boolean;
  cause?: unknown;
}

/**
 * A streaming failure with a closed code. Its `message` is a developer's text for logs and debugging:
 * what a person reads is worded from `code` (and `status`, `serviceCode`) by preload/words.
 */
export class StreamingError extends Error {
  override readonly name = 'StreamingError';
  readonly status: number | undefined;
  readonly serviceCode: number | undefined;
  readonly serviceName: string | undefined;
  readonly traceId: string | undefined;
  readonly retryable: boolean;

  constructor(
    readonly code: StreamingErrorCode,
    message: string,
    init: StreamingErrorInit = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.serviceCode = init.serviceCode;
    this.serviceName = init.serviceName;
    this.traceId = init.traceId;
    this.retryable = init.retryable ?? false;
  }
}

/** True for Node errors whose errno code is `code` (e.g. ENOSPC). */
export function hasErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** A failure worth retrying: ApiError (a token fetch that met the outage), StreamingError and the like say so. */
export function isRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === true;
}
