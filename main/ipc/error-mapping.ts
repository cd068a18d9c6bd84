/**
 * Thrown errors → the IPC error shape. Only errors we own and know to be patient-free get a specific code;
 * their words always come from the contract's ERROR_TEXT (the one code → words table), never from
 * `error.message`, so nothing a library or the service wrote can reach the renderer.
 */
import {
  ApiError,
  AuthenticationError,
  CallerNotAllowedError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../api/errors.ts';
import { AudioError, type AudioErrorCode } from '../audio/audio-source.ts';
import { ERROR_TEXT, type ErrorCode, type IpcError } from '../../preload/contract/errors.ts';

/** Service error codes (numbers) that have their own IPC code. */
const SERVICE_CODES: Readonly<Record<number, ErrorCode>> = {
  83005: 'transcript_too_short',
  83023: 'no_instructions_content',
};

const AUDIO_CODES: Readonly<Record<AudioErrorCode, ErrorCode>> = {
  mic_denied: 'mic_denied',
  mic_unavailable: 'mic_unavailable',
  device_lost: 'device_lost',
  file_unreadable: 'file_unreadable',
  file_unsupported: 'file_unreadable',
};

/**
 * An expected failure a handler may throw instead of returning `fail(code)` (useful deep inside a
 * service). Its message is never sent; the code's contract text is.
 */
export class IpcFailure extends Error {
  override readonly name = 'IpcFailure';
  constructor(
    readonly code: ErrorCode,
    readonly retryable = false,
  ) {
    super(`IPC failure ${code}`);
  }
}

/** Builds the error value for a code, with the contract's words. */
export function ipcError(code: ErrorCode, retryable = false): IpcError {
  return { code, message: ERROR_TEXT[code], retryable };
}

/** Maps anything thrown by a handler to an IpcError; unknown errors become `internal` with generic words. */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof IpcFailure) return ipcError(error.code, error.retryable);
  if (error instanceof AudioError) return ipcError(AUDIO_CODES[error.code] ?? 'internal', false);
  if (error instanceof ApiError) return ipcError(apiErrorCode(error), error.retryable);
  return ipcError('internal', false);
}

function apiErrorCode(error: ApiError): ErrorCode {
  const byServiceCode = error.code !== undefined ? SERVICE_CODES[error.code] : undefined;
  if (byServiceCode) return byServiceCode;
  if (error instanceof CallerNotAllowedError)
    return error.requires === 'server' ? 'server_credentials_required' : 'clinician_sign_in_required';
  if (error instanceof ConnectionError || error instanceof TimeoutError) return 'service_unreachable';
  if (error.clockSuspect) return 'clock_wrong';
  if (error instanceof AuthenticationError) return 'auth_failed';
  if (error instanceof PermissionDeniedError) return 'permission_denied';
  if (error instanceof NotFoundError) return 'not_found';
  if (error instanceof RateLimitError) return 'service_busy';
  if (error instanceof InvalidRequestError) return 'invalid_request';
  if (error instanceof ServerError) return 'service_error';
  return 'service_error';
}
