/**
 * The one place where an expected failure becomes words a person reads: `code + params` → words. Main,
 * the renderer and the CLI all format through here. Params are structured and closed (reason keys,
 * numbers, enum values; see message-reasons.ts and limit-words.ts), never sentences, so nothing a person
 * said or a library wrote can ride along. Zod-free (like enums.ts) so the renderer can import it; the
 * params schema that refuses free text at the IPC edge is in errors.ts.
 */
import { limitText, type LimitParams } from './limit-words.ts';
import { clockHintText, clockNoteText } from './service-words.ts';
import { SETTING_TITLES } from './setting-words.ts';
import {
  reasonText,
  type ErrnoCode,
  type HotkeyName,
  type OfferedKey,
  type ReasonCode,
  type ReasonOf,
  type ReservedKeyUse,
} from './message-reasons.ts';

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
  internal: 'Something went wrong inside the app. Try again; if it keeps happening, restart the app.',
};

/** Configuration keys a window's change can be refused on, with the title the person reads (setting-words.ts). */
const LOCKABLE_SETTINGS = [
  'microphone',
  'secondMicrophone',
  'speechLocales',
  'noteLocale',
  'noteTemplateKey',
  'serviceUrl',
  'signInMethod',
  'clientId',
] as const;
export const LOCKED_SETTING_TITLES = Object.fromEntries(
  LOCKABLE_SETTINGS.map((key) => [key, SETTING_TITLES[key]]),
) as { readonly [K in (typeof LOCKABLE_SETTINGS)[number]]: (typeof SETTING_TITLES)[K] };
export type LockableSetting = keyof typeof LOCKED_SETTING_TITLES;

/** Who set a locked value: the organization's policy, or how the app was started. */
export const LOCK_SOURCES = ['organization', 'environment', 'flags'] as const;
export type LockSource = (typeof LOCK_SOURCES)[number];

/** The params of a `policy_locked` failure. */
export interface PolicyParams {
  readonly setting: LockableSetting;
  readonly source: LockSource;
}

/** The params of a `dictation_setting_refused` failure: a reason, and free keys to offer instead. */
export interface DictationRefusalParams {
  readonly reason: ReasonOf<'dictation_setting_refused'>;
  readonly keys?: readonly OfferedKey[];
  /** key_reserved: what the key is kept for. */
  readonly use?: ReservedKeyUse;
  /** key_duplicate: the hotkey that has it already. */
  readonly other?: HotkeyName;
}

/** The params of `clock_wrong` and `auth_failed`: how far the service's clock is ahead of this computer's (ms). */
export interface ClockParams {
  readonly offsetMs: number;
}

/** The params each code takes; a code not named here takes none. */
export type ParamsOf<C extends ErrorCode> = C extends 'limit_exceeded'
  ? LimitParams
  : C extends 'clock_wrong' | 'auth_failed'
    ? ClockParams
    : C extends 'policy_locked'
      ? PolicyParams
      : C extends 'dictation_setting_refused'
        ? DictationRefusalParams
        : C extends 'config_invalid'
          ? { readonly reason: ReasonOf<C>; readonly errno?: ErrnoCode }
          : C extends ReasonCode
            ? { readonly reason: ReasonOf<C> }
            : never;

/** Every params shape, as it crosses IPC (checked per code by errors.ts). */
export type ErrorParams = { [C in ErrorCode]: ParamsOf<C> }[ErrorCode];

/** The part of an expected failure that the words come from. */
export interface MessageSource {
  /** An ErrorCode; any other string (a newer main, a state that names its own code) gets general words. */
  readonly code: string;
  readonly params?: ErrorParams;
}

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

/** Puts the closed params a reason's words name ({errno}, {use}, {other}) into them. */
function fill(words: string, params: Partial<Record<string, unknown>>): string {
  const fallback: Readonly<Record<string, string>> = { errno: 'error', use: 'another use', other: 'another' };
  return words.replace(/\{(errno|use|other)\}/g, (_, name: string) =>
    typeof params[name] === 'string' ? (params[name] as string) : (fallback[name] ?? ''),
  );
}

function lockedText(params: PolicyParams): string {
  const title = LOCKED_SETTING_TITLES[params.setting] ?? 'This setting';
  return `${title}: ${SOURCE_WORDS[params.source] ?? SOURCE_WORDS.organization}, so it cannot be changed here.`;
}
