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
import { DISPLAY_LANGUAGES, type DisplayLanguage } from '../contract/enums.ts';
import { buildWords, type LanguageCatalogue } from './build/words.ts';
import { en, EN_CATALOGUE } from './en/index.ts';
import { CLI_PROBLEM_WORDS } from './en/cli-problem-words.ts';
import { es } from './es/index.ts';
import { fr } from './fr/index.ts';
import { pickLanguage } from './intl.ts';
import { PSEUDO_LOCALE, pseudoCatalogue } from './pseudo.ts';
import { medicationName as medicationNameIn } from './medication-names.ts';
import type { MedicationField } from '../contract/medication-codes.ts';
import type { Orders } from '../contract/dto-note.ts';
import { orderCopyNames as orderCopyNamesIn } from './order-names.ts';
import type { MicStatusFacts, UiWords, Words } from './words.ts';
import { phrasesFor, type CommandKind } from '../contract/command-phrases.ts';

export type { UiWords, Words } from './words.ts';

/** Every locale the app ships, by tag (the contract's DISPLAY_LANGUAGES, whole: a test keeps them in step). */
export const LOCALES = { en, fr, es } as const satisfies Readonly<Record<DisplayLanguage, Words>>;
export type Locale = DisplayLanguage;

let current: Words = LOCALES.en;

export { PSEUDO_LOCALE } from './pseudo.ts';
let pseudo: Words | undefined;

/** English made pseudo (accented, longer; see pseudo.ts), built on first use from English's catalogue. */
function pseudoWords(): Words {
  const areas = Object.entries(EN_CATALOGUE).map(([area, c]) => [area, pseudoCatalogue(c)]);
  return buildWords('en', Object.fromEntries(areas) as unknown as LanguageCatalogue, CLI_PROBLEM_WORDS);
}

/** Chooses the locale every sentence is worded in from now on (PSEUDO_LOCALE: the development one). */
export function useLocale(locale: Locale | typeof PSEUDO_LOCALE): void {
  current = locale === PSEUDO_LOCALE ? (pseudo ??= pseudoWords()) : LOCALES[locale];
}

/** Whether the system asks for the development pseudo-locale (its first language is `en-XA`). */
export function wantsPseudoLocale(system: readonly (string | undefined)[]): boolean {
  return system[0] === PSEUDO_LOCALE;
}

/**
 * The locale to speak: the setting (or IT's policy) when it names one, else the first of the system's
 * languages the app has (`navigator.languages` in the window; LC_ALL, LC_MESSAGES, LANG on the CLI), else English.
 */
export function chooseLocale(
  setting: Locale | null | undefined,
  system: readonly (string | undefined)[],
): Locale {
  return setting ?? pickLanguage(system, DISPLAY_LANGUAGES, 'en');
}

/** The chosen locale's tag, for `<html lang>` and `Intl`. */
export function currentLocale(): Locale {
  return current.tag as Locale;
}

/** The window's own words in the chosen locale. */
export function ui(): UiWords {
  return current.ui;
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
export const dictationMessageText = (message: DictationMessage | null | undefined, now?: number): string =>
  current.dictationMessageText(message, now);
export const clipboardText = (clipboard: DictationMessage['clipboard'], now?: number): string =>
  current.clipboardText(clipboard, now);
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
export const languageName = (code: string): string => current.languageName(code);
export const templateName = (key: string): string => current.templateName(key);
export const sectionTitle = (key: string): string => current.sectionTitle(key);
export const orderCategoryName = (code: string): string => current.orderCategoryName(code);
export const conditionStatusName = (code: string): string => current.conditionStatusName(code);
export const micStatusText = (status: MicStatusFacts): string => current.micStatusText(status);
/** A medication order's action, route or frequency as the current locale names it (any case; unknown read). */
export const medicationName = (field: MedicationField, value: string): string =>
  medicationNameIn(current.medication, field, value);
/** The current locale's names for a copy of these orders (category headings, medication values). */
export const orderCopyNames = (orders: Orders): Record<string, string> => orderCopyNamesIn(orders, current);

/** One line of "what can I say": how a command is said in the dictation language, and what it does. */
export interface VoiceCommandLine {
  readonly kind: CommandKind;
  readonly said: string;
  readonly does: string;
}

/**
 * Every voice command as "what can I say" lists it (the window and `scribe dictate --help`): its phrases in
 * the dictation language (`locale`, e.g. FRENCH_FR), what it does in the display language.
 */
export function voiceCommandLines(locale: string): VoiceCommandLine[] {
  const { commandHelp, commandMarks } = current;
  const phrases = phrasesFor(locale);
  return (Object.keys(phrases) as CommandKind[]).map((kind) => {
    const mark = kind === 'select' ? commandMarks.words : kind === 'insert_text' ? commandMarks.name : null;
    const said = phrases[kind].map((p) => (mark ? `${p} ${mark}` : p)).join(' · ');
    return { kind, said, does: commandHelp[kind] };
  });
}
