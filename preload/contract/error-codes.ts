/**
 * The codes of expected failures and the closed params each takes. A failure crosses IPC as
 * `{code, params?, retryable}`; the words a person reads are chosen where it is shown (preload/words:
 * `formatError`). Zod-free (like enums.ts) so the renderer can import it; the params schema that refuses
 * free text at the IPC edge is in errors.ts.
 */
import type { LimitParams } from './limit-codes.ts';
import type {
  ErrnoCode,
  HotkeyName,
  OfferedKey,
  ReasonCode,
  ReasonOf,
  ReservedKeyUse,
} from './failure-reasons.ts';

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
  'appointment_not_found',
  'conversation_locked',
  'conversation_mismatch',
  'schedule_unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Configuration keys a window's change can be refused on (`policy_locked`); the words name each by its title. */
export const LOCKABLE_SETTINGS = [
  'microphone',
  'secondMicrophone',
  'speechLocales',
  'noteLocale',
  'noteTemplateKey',
  'displayLanguage',
  'serviceUrl',
  'signInMethod',
  'clientId',
] as const;
export type LockableSetting = (typeof LOCKABLE_SETTINGS)[number];

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
