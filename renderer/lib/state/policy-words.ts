/**
 * How a setting the organization fixes is shown: its title, and its value in words (languages by name,
 * switches as On/Off, each choice as the Settings screen names it, the per-application rules and the
 * microphone's buttons one by one), never a code or "[object Object]"; and why it cannot be changed.
 */
import type { LockedSetting } from '../../../preload/contract/index.ts';
import { HOTKEY_SETTINGS } from '../../../preload/contract/dictation-codes.ts';
import {
  keysText,
  languageName,
  lockReasonText,
  settingTitle,
  ui,
  words,
} from '../../../preload/words/window.ts';
import { isMac } from './dictation-words.ts';

/** The setting's name as people read it ("Service address"). */
export const lockedTitle = (lock: LockedSetting): string => settingTitle(lock.key);

/** Why it cannot be changed here ("Set by your organization"). */
export const lockedReasonText = (lock: LockedSetting): string => lockReasonText(lock);

/** The policy card's heading says "Set by your organization"; only another source is said per row. */
export const isUsualLock = (lock: LockedSetting): boolean => lock.source === 'organization';
const LOCALE_KEYS = new Set(['speechLocales', 'noteLocale', 'dictationLocale']);

/** The words of each key whose value is one of a closed list (a value this version does not know stays). */
const CHOICES: Readonly<Record<string, () => Readonly<Record<string, string>>>> = {
  signInMethod: () => ui().policyCard.methods,
  displayLanguage: () => ui().displayLanguages,
  dictationMode: () => ui().dictationSettings.modes,
  dictationInsertMode: () => ui().dictationSettings.insertModes,
  dictationMicRecordMode: () => words().mic.recordModes,
  dictationFieldMarkers: () => words().templateMarkers,
  updateMode: () => ui().policyCard.updateModes,
  updateChannel: () => ui().policyCard.updateChannels,
  logLevel: () => ui().policyCard.logLevels,
};

/** Each dictation hotkey as policy names it (toggleKey → dictationToggleKey). */
const HOTKEY_KEYS = new Set(HOTKEY_SETTINGS.map((k) => `dictation${k.charAt(0).toUpperCase()}${k.slice(1)}`));

/** How long dictations are kept, as Settings → Dictation says it (0: only until the app closes). */
function historyText(value: string): string {
  const hours = Number(value);
  const t = ui().dictationSettings;
  if (!Number.isInteger(hours) || hours < 0) return value;
  return hours === 0 ? t.historyUntilClose : t.historyFor(hours);
}

const named = (table: Readonly<Record<string, string>>, value: string): string =>
  Object.hasOwn(table, value) ? table[value]! : value;

/** A structured value (main sends it as JSON), or null when it is not one. */
function parsed(value: string): unknown {
  if (!value.startsWith('[') && !value.startsWith('{')) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** "wfica32.exe: typing" per rule, as Settings → Dictation lists them. */
function appRulesText(rules: unknown): string | null {
  if (!Array.isArray(rules)) return null;
  const t = ui().appRules;
  return rules
    .map((r: { app?: unknown; insert?: unknown }) => t.rule(String(r.app), named(t.modes, String(r.insert))))
    .join('; ');
}

/** "F1: Cancel the dictation" per button, as Settings → Dictation names the buttons and what they do. */
function micButtonsText(buttons: unknown): string | null {
  if (typeof buttons !== 'object' || buttons === null || Array.isArray(buttons)) return null;
  const { buttons: names, actions } = words().mic;
  return Object.entries(buttons)
    .map(([button, action]) => ui().policyCard.pair(named(names, button), named(actions, String(action))))
    .join('; ');
}

const STRUCTURED: Readonly<Record<string, (value: unknown) => string | null>> = {
  dictationAppRules: appRulesText,
  dictationMicButtons: micButtonsText,
  dictationMicButtonsInBox: micButtonsText,
};

/** The locked value as a person reads it. */
export function lockedValueText(lock: LockedSetting): string {
  const value = lock.value ?? '';
  if (HOTKEY_KEYS.has(lock.key)) return keysText(value, isMac());
  if (lock.key === 'dictationHistoryHours') return historyText(value);
  if (LOCALE_KEYS.has(lock.key)) return value.split(', ').map(languageName).join(', ');
  const choices = CHOICES[lock.key];
  if (choices)
    return value
      .split(', ')
      .map((v) => named(choices(), v))
      .join(', ');
  const structured = parsed(value);
  // A structure this version cannot word is shown as it was set rather than as "[object Object]".
  if (structured !== null) return STRUCTURED[lock.key]?.(structured) ?? value;
  const t = ui().policyCard;
  return value === 'true' ? t.on : value === 'false' ? t.off : value;
}
