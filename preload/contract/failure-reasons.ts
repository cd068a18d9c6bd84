/**
 * The closed lists of reasons an expected failure can name. A reason is a key from these lists, never a
 * sentence: params crossing IPC hold keys, numbers and enum values only. Their words are in preload/words.
 * Zod-free (like enums.ts) so the renderer can import it.
 */
import { BASE_URL_RULES } from './check-codes.ts';
import { KEY_REASONS } from './chords.ts';

/** For each code that has more specific words than its default: the reasons it can name. */
export const FAILURE_REASONS = {
  invalid_request: [
    'sample_never_opens_mic',
    'recovered_unreadable',
    'same_inputs',
    'note_changed',
    'instructions_outdated',
    'section_empty',
  ],
  mic_unavailable: ['dictation_active', 'patient_input_missing'],
  visit_in_progress: ['other_program', 'connection_change'],
  permission_denied: ['note_settings_need_clinician'],
  no_note: ['instructions_first'],
  service_error: [
    'job_timed_out',
    'job_no_result',
    'job_failed',
    'answer_too_large',
    'answer_not_json',
    'answer_not_understood',
  ],
  not_found: ['job_expired'],
  sign_in_not_offered: ['organization_sign_in_only'],
  sign_in_failed: [
    'already_open',
    'cancelled',
    'timed_out',
    'interaction_required',
    'idp_unreachable',
    'idp_refused',
    'broker_unreachable',
    'broker_refused',
    'account_deactivated',
    'not_configured',
  ],
  config_invalid: [
    ...BASE_URL_RULES,
    // Connect's fields left empty (checked in the window before anything is sent).
    'address_missing',
    'token_missing',
    'client_id_missing',
    'client_id_malformed',
    'private_key_missing',
    'private_key_unreadable',
    'private_key_file_unreadable',
    // The user settings file (main/core/config/settings-store.ts SettingsError), mapped in main/core/ipc/error-mapping.ts.
    'settings_invalid',
    'settings_unreadable',
  ],
  // Connect keeps a sign-in in the keychain: its words, not a visit's.
  keychain_locked: ['sign_in_not_kept'],
  keychain_unavailable: ['sign_in_not_kept'],
  internal: ['bridge_missing'],
  dictation_setting_refused: [
    'organization_sets',
    ...KEY_REASONS,
    'locale_unsupported',
    'history_gone',
    'nothing_to_recover',
    'recover_failed',
    'discard_failed',
    'not_in_window',
  ],
} as const;

type ReasonTable = typeof FAILURE_REASONS;

/**
 * What a reserved chord is kept for (main/base/chords/chord-rules.ts names only these). The values are
 * codes that read as English; each locale words them (preload/words: `reservedKeyUses`).
 */
export const RESERVED_KEY_USES = [
  'copy',
  'paste',
  'cut',
  'undo',
  'redo',
  'select all',
  'save',
  'print',
  'find',
  'close the window or tab',
  'quit',
  'paste in terminals',
  'switching applications',
  'closing the window',
  'the security screen',
  'the task manager',
  'locking the screen',
  'Spotlight search',
  'switching input language',
  'screenshots',
  'Windows voice typing',
  'restarting the display server',
  'closing dialogs',
  'moving between fields',
  'confirming',
  'typing a space',
  'deleting text',
] as const;
export type ReservedKeyUse = (typeof RESERVED_KEY_USES)[number];

/** Dictation's hotkeys, as a refused duplicate names them. */
export const HOTKEY_NAMES = [
  'toggle',
  'push-to-talk',
  'cancel',
  'undo',
  'next-field',
  'previous-field',
  'keep-flag',
  'fix-flag',
] as const;
export type HotkeyName = (typeof HOTKEY_NAMES)[number];

/** The keys dictation offers instead of a refused one (main/base/chords/chord-rules.ts offers these only). */
export const OFFERED_KEYS = [
  'F9',
  'F10',
  'Shift+F9',
  'Control+F9',
  'Control+Alt+D',
  'Alt+Shift+D',
  'F8',
  'Control+Shift+F10',
] as const;
export type OfferedKey = (typeof OFFERED_KEYS)[number];

/** File-system error codes a failure may name (`errno`), e.g. why IT's key file cannot be read. */
export const ERRNO_CODES = [
  'ENOENT',
  'EACCES',
  'EPERM',
  'EISDIR',
  'ENOTDIR',
  'ELOOP',
  'EMFILE',
  'EIO',
] as const;
export type ErrnoCode = (typeof ERRNO_CODES)[number];

/** The codes that can name a reason. */
export type ReasonCode = keyof ReasonTable;

/** The reasons a code can name. */
export type ReasonOf<C> = C extends ReasonCode ? ReasonTable[C][number] : never;

/** The base-URL rules (main/core/api/base-url.ts), as `config_invalid` reasons. */
export type BaseUrlRule = Extract<ReasonOf<'config_invalid'>, `url_${string}`>;

/** Why an async job gave no result (main/core/api/endpoints/jobs.ts), with the code each belongs to. */
export const JOB_REASONS = {
  job_timed_out: 'service_error',
  job_no_result: 'service_error',
  job_failed: 'service_error',
  job_expired: 'not_found',
} as const;
export type JobReason = keyof typeof JOB_REASONS;

/** Why an answer had not the shape the contract promises (main/core/api/transport/http.ts): `service_error` reasons. */
export type ShapeReason = Extract<ReasonOf<'service_error'>, `answer_${string}`>;

/** The sign-in reasons (main/core/api/auth/sign-in-error.ts), as `sign_in_failed` reasons. */
export type SignInReason = Exclude<ReasonOf<'sign_in_failed'>, 'already_open'>;

/** Every reason a code can name (for the params schema). */
export function reasonsOf(code: string): readonly string[] {
  return Object.hasOwn(FAILURE_REASONS, code) ? FAILURE_REASONS[code as ReasonCode] : [];
}
