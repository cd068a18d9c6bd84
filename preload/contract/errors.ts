/**
 * Expected failures crossing the IPC boundary: a closed union of codes, and the one place where each code
 * becomes words a clinician reads. Handlers return these as values; nothing here ever carries transcript
 * text, note content, audio or tokens.
 */
import { z } from 'zod';

/** Every expected failure the renderer can be told about. */
export const ERROR_CODES = [
  'invalid_request',
  'limit_exceeded',
  'not_connected',
  'config_invalid',
  'policy_locked',
  'auth_failed',
  'sign_in_failed',
  'sign_in_not_offered',
  'clock_wrong',
  'permission_denied',
  'service_unreachable',
  'service_unreachable_kept',
  'service_busy',
  'service_error',
  'not_found',
  'transcript_too_short',
  'no_instructions_content',
  'server_credentials_required',
  'clinician_sign_in_required',
  'consent_required',
  'visit_not_active',
  'visit_in_progress',
  'stream_failed',
  'disk_full',
  'keychain_locked',
  'keychain_unavailable',
  'journal_unavailable',
  'no_note',
  'mic_denied',
  'mic_unavailable',
  'device_lost',
  'file_unreadable',
  'sample_unavailable',
  'clipboard_unavailable',
  'dictation_setting_refused',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What the person reads for each code. The only code → words table in the app. */
export const ERROR_TEXT: Readonly<Record<ErrorCode, string>> = {
  invalid_request: 'That request was not valid. Check the fields and try again.',
  limit_exceeded: 'That is longer than the service accepts. Shorten it and try again.',
  not_connected: 'Not connected to an organization yet. Open Connect first, or try the sample visit.',
  config_invalid: 'The connection settings are not valid.',
  policy_locked: 'This setting is set by your organization and cannot be changed here. Contact your IT team.',
  auth_failed:
    'The service did not accept the sign-in. Sign in again on the Connect screen (a clinician sign-in may have expired or been revoked; organization credentials are checked by IT).',
  sign_in_failed: 'Signing in with your organization did not finish. Try again.',
  sign_in_not_offered: 'Your organization does not offer this way of signing in on this computer.',
  clock_wrong:
    "The service did not accept the sign-in, and this computer's clock may be why. Check the computer's date, time and time zone, then try again.",
  permission_denied: 'This account is not allowed to do that (it may be deactivated).',
  service_unreachable: 'The service could not be reached. Check the network connection.',
  service_unreachable_kept:
    'The service could not be reached. The audio recorded so far is kept: recover it from the Visit screen when the network is back.',
  service_busy: 'The service is busy. Try again in a moment.',
  service_error: 'The service had a problem on its side. Try again in a moment.',
  not_found: 'The service could not find that (it may have expired).',
  transcript_too_short: 'The conversation is too short to write a note from. Record more of the visit.',
  no_instructions_content:
    'This note has nothing a patient needs to act on, so there are no instructions to write.',
  server_credentials_required:
    'This needs the organization’s server credentials (E/M codes, for example); a clinician sign-in cannot request it.',
  clinician_sign_in_required:
    'Dot phrases, text replacements and note settings belong to each clinician. Connect with a clinician sign-in to change them.',
  consent_required: 'Confirm that the patient agreed to the recording before starting.',
  visit_not_active: 'No visit is being recorded right now.',
  visit_in_progress: 'A visit is already being recorded. End it first.',
  stream_failed: 'The transcription stopped and could not recover. The transcript so far is kept.',
  disk_full: 'The disk is full, so the visit audio cannot be kept safely. Free some space.',
  keychain_locked:
    'The system keychain is locked, so the visit audio cannot be kept safely on this computer. Unlock the keychain, then press Start again.',
  keychain_unavailable:
    'The system keychain cannot be reached, so the visit audio cannot be kept safely on this computer. Sign in to the computer again or ask IT, then press Start again.',
  journal_unavailable:
    'The visit audio cannot be kept on this computer: its folder cannot be written. Ask IT to check the disk and the folder’s permissions.',
  no_note: 'There is no note yet. Generate the note first.',
  mic_denied: 'The microphone is blocked. Allow microphone access in the system settings.',
  mic_unavailable: 'The microphone could not be opened. Check that it is plugged in.',
  device_lost: 'The microphone stopped working during the visit. The audio so far is kept.',
  file_unreadable: 'The recording file could not be read.',
  sample_unavailable: 'The sample visit is not available in this installation.',
  clipboard_unavailable: 'The clipboard could not be written. Select the text and copy it by hand.',
  dictation_setting_refused: 'That dictation setting cannot be used. Choose another.',
  internal: 'Something went wrong inside the app. Try again; if it keeps happening, restart the app.',
};

/** An expected failure as it crosses IPC. `message` is safe to show and never holds patient data. */
export const IpcErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  retryable: z.boolean(),
});
export type IpcError = z.infer<typeof IpcErrorSchema>;

/** What every channel returns: a value or an expected failure, never an exception. */
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** Builds a success value. */
export function ok<T>(data: T): IpcResult<T> {
  return { ok: true, data };
}

/**
 * Builds a failure. `detail` replaces the default words only when it is known to be patient-free (limit
 * messages that state counts, base-URL rules).
 */
export function fail<T = never>(
  code: ErrorCode,
  options: { retryable?: boolean; detail?: string } = {},
): IpcResult<T> {
  return {
    ok: false,
    error: { code, message: options.detail ?? ERROR_TEXT[code], retryable: options.retryable ?? false },
  };
}
