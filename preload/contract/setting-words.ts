/**
 * The words for settings a person reads: each setting's title, why a locked one is locked, and the notice
 * when the settings file had to be reset. Main sends keys and closed params (dto-settings.ts); the
 * renderer formats them here. Zod-free, so the renderer can import it. main/core/config/policy-keys.ts gives IT
 * the same titles (test/unit/contract/setting-words.test.ts keeps the two in step).
 */
import type { LockSource } from './messages.ts';

/** Every configuration key's title. */
export const SETTING_TITLES = {
  serviceUrl: 'Service address',
  allowUserServiceUrlChange: 'Let people change the service address',
  signInMethod: 'Sign-in method',
  apiVersion: 'API version',
  clientId: 'OAuth client id',
  privateKeyFile: 'Private key file',
  keyId: 'Key id',
  userExternalId: 'User external id',
  allowEnvironmentOverrides: 'Honour SCRIBE_* environment variables',
  speechLocales: 'Spoken languages',
  noteLocale: 'Note language',
  noteTemplateKey: 'Note template',
  dictationLocale: 'Dictation language',
  microphone: 'Clinician microphone',
  secondMicrophone: 'Patient input',
  journalRetentionHours: 'Journal retention (hours)',
  journalDir: 'Journal folder',
  logLevel: 'Log level',
  signInIssuer: 'Identity provider (issuer)',
  signInClientId: 'Sign-in client id',
  signInScopes: 'Sign-in scopes',
  signInBrokerUrl: 'Token broker',
  signInPresentedToken: 'Token presented to the broker',
  allowServerCredentials: 'Offer server credentials',
  dictationMode: 'Dictation hold key behaviour',
  dictationToggleKey: 'Dictation start/stop key',
  dictationHoldKey: 'Dictation hold-to-talk key',
  dictationCancelKey: 'Dictation cancel key',
  dictationInsertMode: 'How dictated text goes into other applications',
  dictationAppRules: 'Dictation per-application rules',
  dictationHistoryHours: 'Dictation history (hours)',
  updateMode: 'Updates',
  updateChannel: 'Update channel',
  updateFeedUrl: 'Update feed',
  updateMaintenanceWindow: 'Update maintenance window',
  auditRetentionDays: 'Audit trail retention (days)',
  auditFileMegabytes: 'Audit file size (MB)',
} as const;

/** A setting's title; a key this version does not know (a newer main) is shown as it is. */
export function settingTitle(key: string): string {
  return Object.hasOwn(SETTING_TITLES, key) ? SETTING_TITLES[key as keyof typeof SETTING_TITLES] : key;
}

/** Who locked a setting: the source, and for a launch variable or flag its name (SCRIBE_LOG_LEVEL, --log-level). */
export interface LockOrigin {
  readonly source: LockSource;
  readonly via?: string | undefined;
}

/** The reason every lock gives unless a launch variable or flag set it. */
export const USUAL_LOCK_REASON = 'Set by your organization';

/** Why a setting cannot be changed here. */
export function lockReasonText(lock: LockOrigin): string {
  if (lock.source === 'environment' && lock.via)
    return `Set by the environment ${lock.via} the app was started with`;
  if (lock.source === 'flags' && lock.via)
    return `Set by the command-line flag ${lock.via} the app was started with`;
  if (lock.source === 'environment') return 'Set by the environment the app was started with';
  if (lock.source === 'flags') return 'Set by a command-line flag the app was started with';
  return USUAL_LOCK_REASON;
}

/** Why a key of the settings file was reset: closed, worded below (never the value, never a sentence). */
export const SETTINGS_PROBLEMS = [
  'not_json',
  'unknown_setting',
  'not_user_setting',
  'value_refused',
] as const;
export type SettingsProblem = (typeof SETTINGS_PROBLEMS)[number];

/** A key as a notice may name it: shaped like a configuration key (an unknown one too), or '' for none. */
export const NOTICE_KEY = /^(?:[A-Za-z][A-Za-z0-9_]{0,63})?$/;

/** The settings file could not be used at start: it was kept as a backup and reset. */
export interface SettingsNotice {
  readonly code: 'settings_reset';
  /** The settings file, or null when it has no path. */
  readonly file: string | null;
  /** Where the old file was kept, or null when there was nothing to keep. */
  readonly backup: string | null;
  /** What was wrong: a key ('' for the file itself, or a key not shaped like one) and why it was reset. */
  readonly problems: { key: string; rule: SettingsProblem }[];
}

const PROBLEM_TEXT: Readonly<Record<SettingsProblem, string>> = {
  not_json: 'it is not valid JSON',
  unknown_setting: 'not a setting this version of the app knows',
  not_user_setting: 'only your organization or how the app is started can set this, not the settings file',
  value_refused: 'this version of the app does not accept the value it held',
};

/** One problem's words: the setting's title (an unknown key as it is) and why. */
function problemText(problem: SettingsNotice['problems'][number]): string {
  const why = PROBLEM_TEXT[problem.rule] ?? PROBLEM_TEXT.value_refused;
  if (problem.rule === 'not_json') return why;
  return problem.key ? `${settingTitle(problem.key)}: ${why}` : `a setting: ${why}`;
}

/** What the person reads when their settings file was reset at start (titles and reasons, never values). */
export function settingsNoticeText(notice: SettingsNotice): string {
  const label = notice.file ? `Your settings file ${notice.file}` : 'Your settings file';
  const problems = notice.problems.map(problemText).join('; ');
  const kept = notice.backup ? ` The old file is kept at ${notice.backup}.` : '';
  return `${label} could not be used, so the settings it held were reset (${problems}).${kept}`;
}
