/**
 * The words of each reason an expected failure can name (English). The closed lists of reasons are
 * preload/contract/failure-reasons.ts; this table must word every one (a type error otherwise).
 */
import {
  JOB_REASONS,
  type BaseUrlRule,
  type HotkeyName,
  type JobReason,
  type ReservedKeyUse,
  type ShapeReason,
} from '../../contract/failure-reasons.ts';
import type { ReasonWords } from '../words.ts';

/** For each code that has more specific words than its default: reason → words. */
export const REASON_TEXT: ReasonWords = {
  invalid_request: {
    sample_never_opens_mic: 'The sample visit never opens the microphone.',
    recovered_unreadable: 'This interrupted visit can no longer be read.',
    same_inputs: 'Choose two different inputs for the clinician and the patient.',
    note_changed: 'The note changed meanwhile. Review it and edit again.',
    instructions_outdated:
      'The note changed after these instructions were written. Write them again from the current note.',
    section_empty: 'That section is empty; there is nothing to copy.',
  },
  mic_unavailable: {
    dictation_active: 'A dictation is using the microphone: stop it first.',
    patient_input_missing:
      "The patient's input is not connected. Plug it in and choose it again, or record with one microphone.",
  },
  visit_in_progress: {
    other_program: 'This visit is still being recorded by another program.',
    connection_change: 'A visit is being recorded. End it before changing the connection.',
  },
  permission_denied: {
    note_settings_need_clinician:
      'Note settings belong to a clinician sign-in; with server credentials, choose the template per visit.',
  },
  no_note: { instructions_first: 'Write the instructions first.' },
  service_error: {
    job_timed_out: 'This is taking longer than expected. It was stopped; try again.',
    job_no_result: 'The service reported success but sent no result.',
    job_failed: 'The service could not complete this. Try again; if it keeps failing, contact support.',
    answer_too_large: 'The service sent an answer larger than this app accepts.',
    answer_not_json: 'The service sent an answer that is not JSON.',
    answer_not_understood:
      'The service sent an answer this app does not understand. If it keeps happening, this version of the app may need an update.',
  },
  not_found: {
    job_expired: 'The result has expired on the service (results are kept for 2 hours). Generate it again.',
  },
  sign_in_not_offered: {
    organization_sign_in_only:
      'Your organization signs clinicians in through its own sign-in; server credentials are not used on this computer.',
  },
  sign_in_failed: {
    already_open: 'A sign-in is already open in the browser.',
    cancelled: 'Sign-in was cancelled in the browser. Try again when you are ready.',
    timed_out: 'Sign-in did not finish in the browser in time. Try again.',
    interaction_required: 'Your organization needs you to sign in again in the browser.',
    idp_unreachable: "Your organization's sign-in page could not be reached. Check the network connection.",
    idp_refused: "Your organization's sign-in did not accept this request. Contact IT if it keeps happening.",
    broker_unreachable: "Your organization's sign-in service (token broker) could not be reached.",
    broker_refused: "Your organization's sign-in service did not accept this sign-in. Contact IT.",
    account_deactivated: 'Your account is deactivated on the documentation service. Contact IT.',
    not_configured: 'Signing in with your organization is not set up on this computer. Contact IT.',
  },
  config_invalid: {
    url_not_a_url: 'The service address is not a valid URL (expected e.g. https://us.api.example.com).',
    url_has_credentials: 'The service address must not contain a user name or password.',
    url_has_query: 'The service address must not contain a query or fragment.',
    url_has_path: 'The service address must be the service address only, without a path such as /v1/core.',
    url_plain_http:
      'The service address must use https:// (plain http is only allowed for 127.0.0.1 or localhost).',
    url_not_https: 'The service address must start with https://.',
    url_no_region:
      'The service address must name a region (us or eu) in the host, e.g. https://us.api.example.com.',
    // Connect's fields left empty (checked in the window before anything is sent).
    address_missing: 'Enter the service address your IT team gave you (e.g. https://us.api.example.com).',
    token_missing: 'Enter the sign-in token your IT team gave you.',
    client_id_missing: 'Enter the OAuth client ID.',
    private_key_missing: 'Paste the private key (PEM).',
    private_key_unreadable: 'The private key is not a readable RSA private key (PEM).',
    private_key_file_unreadable:
      "The private key file set by your organization's configuration cannot be read ({errno}). Contact IT.",
    // The user settings file (main/core/config/settings-store.ts SettingsError), mapped in main/core/ipc/error-mapping.ts.
    settings_invalid: 'That setting cannot be saved: this version of the app does not accept its value.',
    settings_unreadable:
      'Your settings file cannot be read, so the change was not saved. Restart the app: it resets a file it cannot use and says so in Settings.',
  },
  // Connect keeps a sign-in in the keychain: its words, not a visit's.
  keychain_locked: {
    sign_in_not_kept:
      'The system keychain is locked, so this sign-in cannot be kept on this computer. Unlock the keychain, then press Connect again.',
  },
  keychain_unavailable: {
    sign_in_not_kept:
      'The system keychain cannot be reached, so this sign-in cannot be kept on this computer. Sign in to the computer again or ask IT, then press Connect again.',
  },
  internal: { bridge_missing: 'The app is not connected to its main process. Restart the app.' },
  dictation_setting_refused: {
    organization_sets: 'Your organization sets this.',
    key_refused: 'That key cannot be used for dictation. Choose another key.',
    key_unreadable: 'That is not a key a hotkey can use. Choose another key.',
    key_empty: 'No key was given.',
    key_two_keys: 'A hotkey has at most one key besides Ctrl, Alt, Shift and Super.',
    key_modifiers_only: 'A hotkey of modifiers only needs at least two of them (such as Ctrl+Super).',
    key_reserved: 'That key is kept for {use}; choose another key.',
    key_types_text:
      'That key would also type in the application you dictate into; choose a function key or add Ctrl, Alt or Super (Command on a Mac).',
    key_bare:
      'That key alone would stop working in every application; add Ctrl or Alt, or choose a function key.',
    key_duplicate: 'That key is already the {other} hotkey.',
    locale_unsupported: 'This dictation language is not supported.',
    history_gone: 'That dictation is no longer in the history.',
    nothing_to_recover: 'Nothing to recover here.',
    recover_failed: 'The dictation could not be recovered now; its audio is kept. Try again later.',
    discard_failed: 'That dictation can no longer be discarded here.',
    not_in_window: 'Dictation is not available in this window.',
  },
};

/** A base-URL rule's words as a phrase about the address ("must start with https://"). */
export function baseUrlPhrase(rule: BaseUrlRule): string {
  return REASON_TEXT.config_invalid[rule].replace(/^The service address /, '').replace(/\.$/, '');
}

/** The words of a job's reason. */
export function jobText(reason: JobReason): string {
  return reasonText(JOB_REASONS[reason], reason) ?? reason;
}

/** The words of an answer's shape reason. */
export function shapeText(reason: ShapeReason): string {
  return REASON_TEXT.service_error[reason];
}

/** The words of a reason, or undefined when the code has no such reason. */
export function reasonText(code: string, reason: string): string | undefined {
  const table = (REASON_TEXT as Readonly<Record<string, Readonly<Record<string, string>>>>)[code];
  return table && Object.hasOwn(table, reason) ? table[reason] : undefined;
}

/** What a reserved chord is kept for, as a refusal names it ("That key is kept for copy"). */
export const RESERVED_KEY_USE_TEXT: Readonly<Record<ReservedKeyUse, string>> = {
  copy: 'copy',
  paste: 'paste',
  cut: 'cut',
  undo: 'undo',
  redo: 'redo',
  'select all': 'select all',
  save: 'save',
  print: 'print',
  find: 'find',
  'close the window or tab': 'close the window or tab',
  quit: 'quit',
  'paste in terminals': 'paste in terminals',
  'switching applications': 'switching applications',
  'closing the window': 'closing the window',
  'the security screen': 'the security screen',
  'the task manager': 'the task manager',
  'locking the screen': 'locking the screen',
  'Spotlight search': 'Spotlight search',
  'switching input language': 'switching input language',
  screenshots: 'screenshots',
  'Windows voice typing': 'Windows voice typing',
  'restarting the display server': 'restarting the display server',
  'closing dialogs': 'closing dialogs',
  'moving between fields': 'moving between fields',
  confirming: 'confirming',
  'typing a space': 'typing a space',
  'deleting text': 'deleting text',
};

/** Dictation's hotkeys, as a refused duplicate names them ("That key is already the toggle hotkey"). */
export const HOTKEY_NAME_TEXT: Readonly<Record<HotkeyName, string>> = {
  toggle: 'toggle',
  'push-to-talk': 'push-to-talk',
  cancel: 'cancel',
  undo: 'undo last dictation',
  'next-field': 'next field',
  'previous-field': 'previous field',
};
