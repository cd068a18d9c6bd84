/**
 * The shape every locale's words satisfy, whole: a locale that leaves out a table entry or a function is a
 * type error (each table is a Record over the contract's closed codes). The contract (preload/contract)
 * carries codes and closed params only; these turn them into what a person reads. Zod-free, like everything
 * under preload/words, so the window can import it.
 */
import type { CheckId, CheckNote, SummaryNote } from '../contract/check-codes.ts';
import type { KeyRefusal } from '../contract/chords.ts';
import type {
  DictationMessage,
  DictationMessageCode,
  HistoryPlace,
  TemplateMarker,
} from '../contract/dictation-codes.ts';
import type {
  DISK_WARNINGS,
  EmMdmLevel,
  EmPatientType,
  NoteSectionKey,
  OrderCategory,
  ConditionStatus,
} from '../contract/enums.ts';
import type { ErrorCode, MessageSource } from '../contract/error-codes.ts';
import type {
  BaseUrlRule,
  HotkeyName,
  ReasonCode,
  ReasonOf,
  ReservedKeyUse,
} from '../contract/failure-reasons.ts';
import type { InputWarningFacts } from '../contract/input-warnings.ts';
import type { FixedLimitRule, LimitParams, LimitSubject } from '../contract/limit-codes.ts';
import type { CallerOperation, ClockHint, ServiceNote } from '../contract/service-notes.ts';
import type { LockOrigin, SettingKey, SettingsNotice } from '../contract/setting-codes.ts';
import type { OVERLAY_PHASES } from '../contract/dto-dictation.ts';
import type { HotkeySetting } from '../contract/dictation-codes.ts';
import type { CommandKind } from '../contract/command-phrases.ts';
import type { MedicationWords } from './medication-words-type.ts';
import type { MicStatusFacts, MicWords } from './mic-words-type.ts';
import type { ShellWords, UpdateWords } from './shell-words-type.ts';

type OverlayPhase = (typeof OVERLAY_PHASES)[number];
import type { ScreenWords } from './build/screens.ts';
import type { CliWords } from './build/cli.ts';

type Table<K extends string> = Readonly<Record<K, string>>;

import type { UiWords } from './build/ui.ts';

export type { UiWords } from './build/ui.ts';
export type { MicStatusFacts } from './mic-words-type.ts';
/** The words of every reason of every code that has reasons. */
type ReasonWords = { readonly [C in ReasonCode]: Table<ReasonOf<C>> };

/** A command the CLI's help describes. */
export type CliCommandName = keyof CliWords['commands'];

/** Codes & more: copying codes and orders for the EHR, and E/M recomputed from the clinician's inputs. */
interface CodesMoreWords {
  readonly copyAllCodes: string;
  readonly copyAllOrders: string;
  readonly copy: string;
  copyCodeLabel(code: string): string;
  copyOrderLabel(description: string): string;
  copied(what: 'codes' | 'orders', whole: boolean, chars: number, hidden: boolean): string;
  readonly emInputs: string;
  readonly emInputsHint: string;
  readonly patientType: string;
  readonly patientTypes: Table<EmPatientType>;
  readonly mdmLevel: string;
  readonly mdmLevels: Table<EmMdmLevel>;
  readonly mdmNone: string;
  readonly totalMinutes: string;
  readonly recompute: string;
  readonly recomputing: string;
  readonly recomputed: string;
  /** Why the inputs cannot be sent yet, checked before anything is sent. */
  readonly needLevelOrTime: string;
  readonly emergencyNeedsLevel: string;
  minutesRange(min: number, max: number): string;
}

/** The Dictation screen's history. */
interface HistoryWords {
  readonly heading: string;
  readonly search: string;
  readonly noMatch: string;
  readonly insertAgain: string;
  readonly copy: string;
  readonly resend: string;
  readonly delete: string;
  insertAgainLabel(time: string): string;
  copyLabel(time: string): string;
  resendLabel(time: string): string;
  deleteLabel(time: string): string;
  /** An entry whose dictation failed or was cut short, with its audio kept. */
  readonly cutShort: string;
  /** Such an entry with no text at all. */
  readonly nothingReceived: string;
  /** Where a dictation went when not into an application (history keeps these codes). */
  readonly places: Table<HistoryPlace>;
}

/** The Dictation screen's sample dictation and the browser preview's box-only line. */
interface SampleDictationWords {
  /** The browser preview: one line saying there is no hotkey and no insertion into other applications. */
  readonly boxOnly: string;
  readonly heading: string;
  readonly body: string;
  readonly start: string;
  /** While the sample recording plays. */
  readonly playing: string;
  /** The service's last correction of the box's text, made in place: the words before and after. */
  corrected(before: string, after: string): string;
}

/** The Dictation screen, the dictation box, its hotkey rows in Settings and the overlay (issue 21). */
interface DictationScreenWords {
  readonly heading: string;
  readonly boxHeading: string;
  readonly start: string;
  readonly stop: string;
  readonly cancel: string;
  readonly boxLabel: string;
  readonly insert: string;
  readonly copy: string;
  readonly undo: string;
  readonly previousField: string;
  readonly nextField: string;
  /** A Text's fields left get their defaults (the box's button, a microphone's Play). */
  readonly acceptDefaults: string;
  /** Said in the box when no template blank is left that way. */
  readonly noFieldLeft: string;
  /** The checks' flags on dictated text (a dose, a sound-alike, a side, a negation), under the box and in history. */
  readonly flaggedHeading: string;
  readonly flag: ScreenWords['dictationScreen']['flag'];
  /** The flags comparing with the text before, worded for the clinician's edit of a note section / a rewrite. */
  readonly editFlag: ScreenWords['dictationScreen']['editFlag'];
  readonly rewriteFlag: ScreenWords['dictationScreen']['rewriteFlag'];
  readonly keep: string;
  readonly fix: string;
  keepLabel(key: string): string;
  fixLabel(key: string): string;
  readonly fixHint: string;
  /** Fix with what it puts in; a flag with no single right value says so, and the box's Edit selects it. */
  fixTo(to: string): string;
  readonly noFix: string;
  readonly edit: string;
  editLabel(key: string): string;
  readonly recoverHeading: string;
  readonly recoverHint: string;
  started(when: string, stale: boolean): string;
  readonly recover: string;
  readonly discard: string;
  recoverLabel(time: string): string;
  discardLabel(time: string): string;
  /** "What can I say": the voice commands, listed under the box. */
  readonly whatCanISay: string;
  whatCanISayHint(lang: string): string;
  /** How to dictate with the keys as set (keys already named for this platform). */
  hint(toggleKey: string, holdKey: string | null): string;
  historyKept(hours: number): string;
  /** Settings → Dictation: the hotkey rows, by setting. */
  readonly hotkeyRows: Table<HotkeySetting>;
  readonly holdNoAccessibility: string;
  readonly holdNoHook: string;
  readonly chooseAnother: string;
  freeKeys(keys: string): string;
  readonly overlay: {
    readonly elapsed: string;
    readonly level: string;
    readonly lastWords: string;
    readonly undo: string;
    /** The titles by phase (`app`: where the text goes, or null). */
    title(phase: OverlayPhase, app: string | null): string;
    /** "What can I say" (overlay-panel): its heading, the field's state, the Texts, how to close it. */
    readonly panelHeading: string;
    panelField(field: 'box' | 'readable' | 'unreadable'): string;
    panelFieldsLeft(count: number): string;
    readonly panelTexts: string;
    readonly panelNoTexts: string;
    readonly panelClose: string;
  };
}
/** The clinician's day: today's appointments, sending the instructions, orders as tasks (English's shape). */
type ScheduleWords = ScreenWords['schedule'];

/**
 * Every sentence the window shows, for one locale: all the window loads (window.ts), so none of the CLI's or
 * the shell's words ship to it.
 */
export interface WindowWords {
  /** The locale's BCP 47 tag (`en`, later `fr`, `es`), for `Intl` formats and `<html lang>`. */
  readonly tag: string;

  // Tables over closed codes: complete by type.
  readonly errors: Table<ErrorCode>;
  readonly reasons: ReasonWords;
  readonly reservedKeyUses: Table<ReservedKeyUse>;
  readonly hotkeyNames: Table<HotkeyName>;
  readonly limitSubjects: Table<LimitSubject>;
  readonly fixedLimits: Table<FixedLimitRule>;
  readonly checkLabels: Table<CheckId>;
  readonly callerOperations: Table<CallerOperation>;
  readonly settingTitles: Table<SettingKey>;
  readonly dictation: Readonly<Record<DictationMessageCode, (app: string | null) => string>>;
  /** Each template blank "next field" can select, as Settings → Dictation lists it. */
  readonly templateMarkers: Readonly<Record<TemplateMarker, string>>;
  /** What each voice command does ("what can I say": the window and `scribe dictate --help`). */
  readonly commandHelp: Readonly<Record<CommandKind, string>>;
  /** How a command's spoken words are shown: "select ‹words›", "insert ‹name›". */
  readonly commandMarks: { readonly words: string; readonly name: string; readonly item: string };
  readonly diskWarnings: Table<(typeof DISK_WARNINGS)[number]>;
  readonly recoveredCut: string;
  /** The window's own words, screen by screen. */
  readonly ui: UiWords;
  readonly mic: MicWords;
  readonly history: HistoryWords;
  readonly sampleDictation: SampleDictationWords;
  readonly codesMore: CodesMoreWords;
  /** A medication order's action, route and frequency. */
  readonly medication: MedicationWords;
  readonly dictationScreen: DictationScreenWords;
  readonly schedule: ScheduleWords;
  /** The Texts page. */
  readonly textsScreen: ScreenWords['textsScreen'];

  // Sentences built from codes and closed params.
  formatError(error: MessageSource): string;
  limitText(params: LimitParams): string;
  checkLabel(id: string): string;
  checkDetailText(check: CheckNote): string;
  summaryText(summary: SummaryNote, checks: readonly CheckNote[]): string;
  /** `now` (wall-clock ms) counts down to the clipboard's clear the message may announce. */
  dictationMessageText(message: DictationMessage | null | undefined, now?: number): string;
  /** The clipboard part of a message alone (the box counts it down outside its live region). */
  clipboardText(clipboard: DictationMessage['clipboard'], now?: number): string;
  inputWarningText(facts: InputWarningFacts): string;
  keyRefusalText(refusal: KeyRefusal, keys: string | null): string;
  baseUrlPhrase(rule: BaseUrlRule): string;
  serviceNoteText(note: ServiceNote): string;
  streamErrorText(code: number | undefined): string;
  clockHintText(hint: ClockHint): string;
  settingTitle(key: string): string;
  lockReasonText(lock: LockOrigin): string;
  settingsNoticeText(notice: SettingsNotice): string;
  /** A service locale code (FRENCH_FR) as the person reads it ("French (France)", "français (France)"). */
  languageName(code: string): string;
  /** A note template's key (GENERIC_MULTIPLE_SECTIONS) as a name a person reads. */
  templateName(key: string): string;
  /** The known note section keys' titles, whole (a missing one is a type error and fails the words test). */
  readonly sectionTitles: Table<NoteSectionKey>;
  /** A note section's key as its title in this language (unknown keys read from their words). */
  sectionTitle(key: string): string;
  /** The known suggested-order categories' headings, whole. */
  readonly orderCategories: Table<OrderCategory>;
  /** A suggested order's category (LABORATORY_TEST) as its group's heading (unknown ones from their words). */
  orderCategoryName(code: string): string;
  /** The known condition statuses, whole. */
  readonly conditionStatuses: Table<ConditionStatus>;
  /** A condition's clinical status (ACTIVE) as a short word beside it (unknown ones from their words). */
  conditionStatusName(code: string): string;
  micStatusText(status: MicStatusFacts): string;
  /** A chord ("Shift+F9") as this language names its keys on this platform ("Maj+F9"; a Mac's "Commande"). */
  keysText(chord: string, mac: boolean): string;
}

/** Every sentence a person reads, for one locale: the window's and those main and the CLI show themselves. */
export interface Words extends WindowWords {
  /** The `scribe` command's own words. */
  readonly cli: CliWords;
  /** The browser preview's title prefix and banner (main serves them to the preview's page). */
  readonly preview: { readonly title: string; readonly banner: string };
  /** The operating system's notifications about updates (the Electron shell shows them). */
  readonly updates: UpdateWords;
  /** The tray, the quit question and a failed start (the Electron shell shows them). */
  readonly shell: ShellWords;
}
