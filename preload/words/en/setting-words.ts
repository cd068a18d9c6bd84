/**
 * The words for settings a person reads (English): each setting's title, why a locked one is locked, and
 * the notice when the settings file had to be reset. Main sends keys and closed params
 * (preload/contract/setting-codes.ts). main/core/config/policy-keys.ts gives IT the same titles
 * (test/unit/words/setting-words.test.ts keeps the two in step).
 */
import type {
  LockOrigin,
  SettingKey,
  SettingsNotice,
  SettingsProblem,
} from '../../contract/setting-codes.ts';

/** Every configuration key's title. */
export const SETTING_TITLES: Readonly<Record<SettingKey, string>> = {
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
  displayLanguage: 'Language of the app',
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
  allowSampleVisit: 'Offer the sample visit',
  dictationMode: 'Dictation hold key behaviour',
  dictationToggleKey: 'Dictation start/stop key',
  dictationHoldKey: 'Dictation hold-to-talk key',
  dictationCancelKey: 'Dictation cancel key',
  dictationUndoKey: 'Undo last dictation key',
  dictationNextFieldKey: 'Next template field key',
  dictationPreviousFieldKey: 'Previous template field key',
  dictationInsertMode: 'How dictated text goes into other applications',
  dictationAppRules: 'Dictation per-application rules',
  dictationCommands: 'Dictation voice commands',
  dictationHistoryHours: 'Dictation history (hours)',
  dictationClipboardClearSeconds: 'Clear copied dictation text after (seconds)',
  dictationFieldMarkers: 'Template blanks "next field" selects',
  dictationMicRecordMode: 'Dictation microphone Record button',
  dictationMicButtons: 'Dictation microphone buttons',
  updateMode: 'Updates',
  updateChannel: 'Update channel',
  updateFeedUrl: 'Update feed',
  updateMaintenanceWindow: 'Update maintenance window',
  auditRetentionDays: 'Audit trail retention (days)',
  auditFileMegabytes: 'Audit file size (MB)',
  auditSyslog: 'Audit trail syslog collector',
  auditSyslogCaFile: 'Audit syslog CA file',
  auditOsLog: 'Audit trail to the OS log',
  signInRecheckHours: 'Re-check the sign-in at the identity provider (hours)',
};

/** A setting's title; a key this version does not know (a newer main) is shown as it is. */
export function settingTitle(key: string): string {
  return Object.hasOwn(SETTING_TITLES, key) ? SETTING_TITLES[key as SettingKey] : key;
}

/** The reason every lock gives unless a launch variable or flag set it. */
const USUAL_LOCK_REASON = 'Set by your organization';

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
