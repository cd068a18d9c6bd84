/**
 * The words of the language chosen, and the sentence builders the window, the CLI and main's Failure word
 * codes through, so they say the same thing. Which languages exist and how one is loaded is the front
 * doors' part: index.ts (main, the CLI, the tests: every language at hand) and window.ts (the window: its
 * own language, loaded on demand). Zod-free, so the window can import it (its CSP forbids the eval zod uses).
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
import { pickLanguage } from './intl.ts';
import { medicationName as medicationNameIn } from './medication-names.ts';
import type { MedicationField } from '../contract/medication-codes.ts';
import type { Orders } from '../contract/dto-note.ts';
import { orderCopyNames as orderCopyNamesIn } from './order-names.ts';
import type { MicStatusFacts, UiWords, WindowWords } from './words.ts';
import { phrasesFor, WITH_WORDS, type CommandKind } from '../contract/command-phrases.ts';

export type { UiWords, WindowWords, Words } from './words.ts';

export type Locale = DisplayLanguage;

/** The development pseudo-locale's tag (English accented and longer, see pseudo.ts), as Chromium names it. */
export const PSEUDO_LOCALE = 'en-XA';

let current: WindowWords | undefined;

/** Speaks `words` from now on (the front doors call it with the language chosen). */
export function speak(words: WindowWords): void {
  current = words;
}

/** The words spoken; none yet is a bug (the window loads its language before it shows anything). */
function spoken(): WindowWords {
  if (!current) throw new Error('no language loaded yet');
  return current;
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
  return spoken().tag as Locale;
}

/** The window's own words in the chosen locale. */
export function ui(): UiWords {
  return spoken().ui;
}

/** The window's words of the chosen locale (tables and sentence builders; index.ts: every word). */
export function words(): WindowWords {
  return spoken();
}

// The chosen locale's sentence builders, by name (what the window and the CLI import).
export const formatError = (error: MessageSource): string => spoken().formatError(error);
export const checkLabel = (id: string): string => spoken().checkLabel(id);
export const checkDetailText = (check: CheckNote): string => spoken().checkDetailText(check);
export const summaryText = (summary: SummaryNote, checks: readonly CheckNote[]): string =>
  spoken().summaryText(summary, checks);
export const dictationMessageText = (message: DictationMessage | null | undefined, now?: number): string =>
  spoken().dictationMessageText(message, now);
export const clipboardText = (clipboard: DictationMessage['clipboard'], now?: number): string =>
  spoken().clipboardText(clipboard, now);
export const inputWarningText = (facts: InputWarningFacts): string => spoken().inputWarningText(facts);
export const keyRefusalText = (refusal: KeyRefusal, keys: string | null): string =>
  spoken().keyRefusalText(refusal, keys);
export const baseUrlPhrase = (rule: BaseUrlRule): string => spoken().baseUrlPhrase(rule);
export const serviceNoteText = (note: ServiceNote): string => spoken().serviceNoteText(note);
export const streamErrorText = (code: number | undefined): string => spoken().streamErrorText(code);
export const clockHintText = (hint: ClockHint): string => spoken().clockHintText(hint);
export const settingTitle = (key: string): string => spoken().settingTitle(key);
export const lockReasonText = (lock: LockOrigin): string => spoken().lockReasonText(lock);
export const settingsNoticeText = (notice: SettingsNotice): string => spoken().settingsNoticeText(notice);
export const languageName = (code: string): string => spoken().languageName(code);
export const templateName = (key: string): string => spoken().templateName(key);
export const sectionTitle = (key: string): string => spoken().sectionTitle(key);
export const orderCategoryName = (code: string): string => spoken().orderCategoryName(code);
export const conditionStatusName = (code: string): string => spoken().conditionStatusName(code);
export const micStatusText = (status: MicStatusFacts): string => spoken().micStatusText(status);
/** A chord ("Shift+F9") as the window's language names its keys on this platform ("Maj+F9"). */
export const keysText = (chord: string, mac: boolean): string => spoken().keysText(chord, mac);
/** A medication order's action, route or frequency as the current locale names it (any case; unknown read). */
export const medicationName = (field: MedicationField, value: string): string =>
  medicationNameIn(spoken().medication, field, value);
/** The current locale's names for a copy of these orders (category headings, medication values). */
export const orderCopyNames = (orders: Orders): Record<string, string> => orderCopyNamesIn(orders, spoken());

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
  const { commandHelp, commandMarks } = spoken();
  const phrases = phrasesFor(locale);
  return (Object.keys(phrases) as CommandKind[]).map((kind) => {
    const mark =
      kind === 'choose'
        ? commandMarks.item
        : WITH_WORDS.has(kind)
          ? commandMarks.words
          : kind === 'insert_text'
            ? commandMarks.name
            : null;
    const said = phrases[kind].map((p) => (mark ? `${p} ${mark}` : p)).join(' · ');
    return { kind, said, does: commandHelp[kind] };
  });
}
