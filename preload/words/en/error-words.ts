/**
 * The one place where an expected failure becomes words a person reads (English): `code + params` →
 * words. The renderer, the CLI and main's Failure all format through here. Params are structured and
 * closed (reason keys, numbers, enum values; see preload/contract/error-codes.ts), never sentences, so
 * nothing a person said or a library wrote can ride along.
 */
import {
  LOCKABLE_SETTINGS,
  type ErrorCode,
  type LockSource,
  type MessageSource,
  type PolicyParams,
} from '../../contract/error-codes.ts';
import type { LimitParams } from '../../contract/limit-codes.ts';
import { limitText } from './limit-words.ts';
import { clockHintText, clockNoteText } from './service-words.ts';
import { settingTitle } from './setting-words.ts';
import { HOTKEY_NAME_TEXT, reasonText, RESERVED_KEY_USE_TEXT } from './reason-words.ts';

/** What the person reads for each code. The default words; params may name more specific ones. */
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
  appointment_not_found: "This appointment is not among your appointments any more. Refresh today's list.",
  conversation_locked:
    "The patient's conversation is locked: it accepts no new message. Nothing was sent; give the instructions another way.",
  schedule_unavailable:
    "Today's appointments could not be reached (the organization's broker or the service). Try again in a moment.",
  internal: 'Something went wrong inside the app. Try again; if it keeps happening, restart the app.',
};

const SOURCE_WORDS: Readonly<Record<LockSource, string>> = {
  organization: 'set by your organization',
  environment: 'set by the environment the app was started with',
  flags: 'set by a command-line flag the app was started with',
};

/** The words a person reads for an expected failure. An unknown code or reason falls back to general words. */
export function formatError(error: MessageSource): string {
  const code = (Object.hasOwn(ERROR_TEXT, error.code) ? error.code : 'internal') as ErrorCode;
  const params = error.params as Partial<Record<string, unknown>> | undefined;
  if (!params) return ERROR_TEXT[code];
  if (code === 'limit_exceeded') return limitText(params as unknown as LimitParams);
  if (code === 'policy_locked') return lockedText(params as unknown as PolicyParams);
  if (code === 'clock_wrong' && typeof params.offsetMs === 'number')
    return clockHintText({ kind: 'off', offsetMs: params.offsetMs });
  if (code === 'auth_failed' && typeof params.offsetMs === 'number')
    return `${ERROR_TEXT.auth_failed}${clockNoteText(params.offsetMs)}`;
  const reason = typeof params.reason === 'string' ? reasonText(code, params.reason) : undefined;
  const keys =
    Array.isArray(params.keys) && params.keys.length > 0 ? ` Free keys: ${params.keys.join(', ')}.` : '';
  return `${fill(reason ?? ERROR_TEXT[code], params)}${keys}`;
}

/** The words of a closed param a reason's words name ({errno} as it is, {use} and {other} from their tables). */
const PARAM_WORDS: Readonly<Record<string, Readonly<Record<string, string>> | undefined>> = {
  use: RESERVED_KEY_USE_TEXT,
  other: HOTKEY_NAME_TEXT,
};

/** Puts the closed params a reason's words name ({errno}, {use}, {other}) into them. */
function fill(words: string, params: Partial<Record<string, unknown>>): string {
  const fallback: Readonly<Record<string, string>> = { errno: 'error', use: 'another use', other: 'another' };
  return words.replace(/\{(errno|use|other)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string') return fallback[name] ?? '';
    const table = PARAM_WORDS[name];
    return table && Object.hasOwn(table, value) ? (table[value] ?? value) : value;
  });
}

function lockedText(params: PolicyParams): string {
  const title = (LOCKABLE_SETTINGS as readonly string[]).includes(params.setting)
    ? settingTitle(params.setting)
    : 'This setting';
  return `${title}: ${SOURCE_WORDS[params.source] ?? SOURCE_WORDS.organization}, so it cannot be changed here.`;
}
