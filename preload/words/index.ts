/**
 * The words module's front door: every sentence a person reads, in the chosen locale. The window, the CLI
 * and main's Failure all word codes through here, so they say the same thing. One folder per locale
 * (en/ today) satisfies the `Words` shape whole; adding a locale is a folder beside en/ and one line in
 * LOCALES. Zod-free, so the window can import it (its CSP forbids the eval zod uses).
 */
import type { CheckNote, SummaryNote } from '../contract/check-codes.ts';
import type { KeyRefusal } from '../contract/chords.ts';
import type { DictationMessage } from '../contract/dictation-codes.ts';
import type { MessageSource } from '../contract/error-codes.ts';
import type { BaseUrlRule } from '../contract/failure-reasons.ts';
import type { InputWarningFacts } from '../contract/input-warnings.ts';
import type { ClockHint, ServiceNote } from '../contract/service-notes.ts';
import type { LockOrigin, SettingsNotice } from '../contract/setting-codes.ts';
import { en } from './en/index.ts';
import type { MicStatusFacts, Words } from './words.ts';

export type { Words } from './words.ts';

/** Every locale the app ships, by tag. */
export const LOCALES = { en } as const satisfies Readonly<Record<string, Words>>;
export type Locale = keyof typeof LOCALES;

let current: Words = LOCALES.en;

/** Chooses the locale every sentence is worded in from now on (today only `en`). */
export function useLocale(locale: Locale): void {
  current = LOCALES[locale];
}

/** The words of the chosen locale (tables and sentence builders). */
export function words(): Words {
  return current;
}

// The chosen locale's sentence builders, by name (what the window and the CLI import).
export const formatError = (error: MessageSource): string => current.formatError(error);
export const checkLabel = (id: string): string => current.checkLabel(id);
export const checkDetailText = (check: CheckNote): string => current.checkDetailText(check);
export const summaryText = (summary: SummaryNote, checks: readonly CheckNote[]): string =>
  current.summaryText(summary, checks);
export const dictationMessageText = (message: DictationMessage | null | undefined): string =>
  current.dictationMessageText(message);
export const inputWarningText = (facts: InputWarningFacts): string => current.inputWarningText(facts);
export const keyRefusalText = (refusal: KeyRefusal, keys: string | null): string =>
  current.keyRefusalText(refusal, keys);
export const baseUrlPhrase = (rule: BaseUrlRule): string => current.baseUrlPhrase(rule);
export const serviceNoteText = (note: ServiceNote): string => current.serviceNoteText(note);
export const streamErrorText = (code: number | undefined): string => current.streamErrorText(code);
export const clockHintText = (hint: ClockHint): string => current.clockHintText(hint);
export const settingTitle = (key: string): string => current.settingTitle(key);
export const lockReasonText = (lock: LockOrigin): string => current.lockReasonText(lock);
export const settingsNoticeText = (notice: SettingsNotice): string => current.settingsNoticeText(notice);
export const micStatusText = (status: MicStatusFacts): string => current.micStatusText(status);
