/**
 * Thrown errors → the one expected failure type, in one place. Lower layers keep error classes that carry
 * machine facts (ApiError family, AudioError, SignInError…); here they become a Failure with a code and
 * closed params, whose words come from the words module (preload/words), never from `error.message`, so nothing a
 * library or the service wrote can reach the renderer or the CLI's words.
 */
import {
  ApiError,
  AuthenticationError,
  CallerNotAllowedError,
  ConnectionError,
  InvalidRequestError,
  JobError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseShapeError,
  ServerError,
  TimeoutError,
} from '../api/errors.ts';
import { AudioError, type AudioErrorCode } from '../audio/audio-source.ts';
import { SettingsError } from '../config/settings-store.ts';
import { SignInError } from '../api/auth/sign-in-error.ts';
import { SecretStoreError } from '../../base/secrets/secret-store.ts';
import { StreamingError, type StreamingErrorCode } from '../streaming/streaming-error.ts';
import { JOB_REASONS, type ErrorCode, type IpcError } from '../../../preload/contract/index.ts';
import { Failure } from '../../base/failure.ts';

/** Service error codes (numbers) that have their own code. */
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

const STREAMING_CODES: Readonly<Record<StreamingErrorCode, ErrorCode>> = {
  connection_lost: 'service_unreachable',
  unauthorized: 'auth_failed',
  upgrade_refused: 'stream_failed',
  service_error: 'stream_failed',
  end_timeout: 'stream_failed',
  ack_timeout: 'stream_failed',
  disk_full: 'disk_full',
  journal_failed: 'journal_unavailable',
  journal_corrupt: 'journal_unavailable',
  journal_missing: 'journal_unavailable',
  invalid_state: 'internal',
};

/** The error value for a code with no params. */
export function ipcError(code: ErrorCode, retryable = false): IpcError {
  return { code, retryable };
}

/** Maps anything thrown to the one failure type; unknown errors become `internal` with general words. */
export function toFailure(error: unknown): Failure {
  if (error instanceof Failure) return error;
  if (error instanceof AudioError) return new Failure(AUDIO_CODES[error.code] ?? 'internal');
  if (error instanceof SignInError) return new Failure('sign_in_failed', { reason: error.reason });
  if (error instanceof SecretStoreError)
    return new Failure(error.code === 'keychain_denied' ? 'keychain_locked' : 'keychain_unavailable');
  if (error instanceof StreamingError) return streamingFailure(error);
  if (error instanceof SettingsError) return new Failure('config_invalid', { reason: error.code });
  if (error instanceof ApiError) return apiFailure(error);
  return new Failure('internal');
}

/** Maps anything thrown by a handler to the IPC error value. */
export function toIpcError(error: unknown): IpcError {
  return toFailure(error).toIpcError();
}

function streamingFailure(error: StreamingError): Failure {
  const byServiceCode = error.serviceCode !== undefined ? SERVICE_CODES[error.serviceCode] : undefined;
  return new Failure(byServiceCode ?? STREAMING_CODES[error.code] ?? 'internal', undefined, error.retryable);
}

/** An API failure: a known service code first, then a job's reason, then the kind of answer. */
function apiFailure(error: ApiError): Failure {
  const known = error.code !== undefined && SERVICE_CODES[error.code] !== undefined;
  if (error instanceof JobError && !known) {
    const code = JOB_REASONS[error.reason];
    return new Failure(code, { reason: error.reason }, error.retryable);
  }
  if (error instanceof ResponseShapeError && !known)
    return new Failure('service_error', { reason: error.reason }, error.retryable);
  const code = apiErrorCode(error);
  const offsetMs = error.clockOffsetMs;
  // A refused sign-in names the clock's offset when it was seen: why it failed, or worth setting anyway.
  if ((code === 'clock_wrong' || code === 'auth_failed') && offsetMs !== undefined)
    return new Failure(code, { offsetMs }, error.retryable);
  return new Failure(code, undefined, error.retryable);
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
