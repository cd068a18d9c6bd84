/**
 * Expected streaming failures as values with a closed code. Messages carry codes and ids only: never frame
 * text, transcript text, audio or tokens.
 */
export type StreamingErrorCode =
  /** The socket could not be opened or broke; retried for as long as the session records (see ReconnectBudget). */
  | 'connection_lost'
  /** The service refused the token at the upgrade and renewing it did not help: sign in again. */
  | 'unauthorized'
  /** The upgrade was refused for another reason (403, 404, 4xx). */
  | 'upgrade_refused'
  /** The service sent an error frame (see `serviceCode`). */
  | 'service_error'
  /** The service did not close the socket in time after END. */
  | 'end_timeout'
  /** No acknowledgement for too long while audio was in flight. */
  | 'ack_timeout'
  /** The journal could not write because the disk is full; audio is kept in memory meanwhile. */
  | 'disk_full'
  /** The journal failed for another reason (permissions, I/O). */
  | 'journal_failed'
  /** A journal record failed authentication: the file was altered or belongs to another key. */
  | 'journal_corrupt'
  /** No such journal (or its key is gone). */
  | 'journal_missing'
  /** The caller used the session in a state that does not allow it. */
  | 'invalid_state';

export interface StreamingErrorInit {
  status?: number;
  serviceCode?: number;
  serviceName?: string;
  traceId?: string;
  retryable?: boolean;
  cause?: unknown;
}

/** A streaming failure with a closed code. */
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
