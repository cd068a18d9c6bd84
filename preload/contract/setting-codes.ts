/**
 * Settings as keys and closed params: who locked a setting, and why the settings file had to be reset at
 * start. Main sends these (dto-settings.ts); the renderer words them (preload/words). Zod-free, so the
 * renderer can import it.
 */
import type { LockSource } from './error-codes.ts';

/** Every configuration key a person may read the title of (main/core/config; a unit test keeps them in step). */
export const SETTING_KEYS = [
  'serviceUrl',
  'allowUserServiceUrlChange',
  'signInMethod',
  'apiVersion',
  'clientId',
  'privateKeyFile',
  'keyId',
  'userExternalId',
  'allowEnvironmentOverrides',
  'speechLocales',
  'noteLocale',
  'displayLanguage',
  'noteTemplateKey',
  'dictationLocale',
  'microphone',
  'secondMicrophone',
  'journalRetentionHours',
  'journalDir',
  'logLevel',
  'signInIssuer',
  'signInClientId',
  'signInScopes',
  'signInBrokerUrl',
  'signInPresentedToken',
  'allowServerCredentials',
  'allowSampleVisit',
  'dictationMode',
  'dictationToggleKey',
  'dictationHoldKey',
  'dictationCancelKey',
  'dictationUndoKey',
  'dictationNextFieldKey',
  'dictationPreviousFieldKey',
  'dictationKeepFlagKey',
  'dictationFixFlagKey',
  'dictationInsertMode',
  'dictationAppRules',
  'dictationCommands',
  'dictationHistoryHours',
  'dictationClipboardClearSeconds',
  'dictationFieldMarkers',
  'dictationMicRecordMode',
  'dictationMicButtons',
  'dictationMicButtonsInBox',
  'dictationTextsFile',
  'dictationVocabularyFile',
  'checksDoses',
  'checksSoundAlikes',
  'checksSides',
  'checksNegation',
  'updateMode',
  'updateChannel',
  'updateFeedUrl',
  'updateMaintenanceWindow',
  'auditRetentionDays',
  'auditFileMegabytes',
  'auditSyslog',
  'auditSyslogCaFile',
  'auditOsLog',
  'signInRecheckHours',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Who locked a setting: the source, and for a launch variable or flag its name (SCRIBE_LOG_LEVEL, --log-level). */
export interface LockOrigin {
  readonly source: LockSource;
  readonly via?: string | undefined;
}

/** Why a key of the settings file was reset: closed, worded in preload/words (never the value, never a sentence). */
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
