/** The Dictation screen's and Settings → Dictation's rules and sentences, as plain functions. */
import type {
  DictationSettingsDto,
  DictationStateDto,
  KeyCheckResult,
} from '../../../preload/contract/index.ts';
import { chordText } from '../../../preload/contract/chords.ts';
import {
  clipboardText,
  dictationMessageText,
  keyRefusalText,
  keysText,
  words,
} from '../../../preload/words/window.ts';
import {
  CLIPBOARD_CLEAR_MAX_SECONDS,
  HOTKEY_SETTINGS,
  type HotkeySetting,
} from '../../../preload/contract/dictation-codes.ts';

/** Which hotkey a key-capture row sets. */
export type HotkeyName = HotkeySetting;
/** How one application gets its text (an entry of the per-application rules). */
export type AppRule = DictationSettingsDto['appRules'][number];

const ROW_IDS: Readonly<Record<HotkeyName, string>> = {
  toggleKey: 'key-toggle',
  holdKey: 'key-hold',
  cancelKey: 'key-cancel',
  undoKey: 'key-undo',
  nextFieldKey: 'key-next-field',
  previousFieldKey: 'key-previous-field',
  keepFlagKey: 'key-keep-flag',
  fixFlagKey: 'key-fix-flag',
};

/** The key-capture rows of Settings → Dictation, in order; each label in the chosen language. */
export const HOTKEY_ROWS: readonly { which: HotkeyName; id: string; readonly label: string }[] =
  HOTKEY_SETTINGS.map((which) => ({
    which,
    id: ROW_IDS[which],
    get label() {
      return words().dictationScreen.hotkeyRows[which];
    },
  }));

/** Whether the platform names keys the Mac way (⌘, ⌥). */
export function isMac(): boolean {
  // Read through globalThis: this module also runs under Node (tests), which has no DOM typings.
  const platform = (globalThis as { navigator?: { platform?: string } }).navigator?.platform ?? '';
  return /Mac/.test(platform);
}

/** Keys as a person reads them, joined: "F9, Ctrl+Shift+D". */
export function keyList(keys: readonly string[], mac: boolean): string {
  return keys.map((k) => keysText(k, mac)).join(', ');
}

/**
 * Why a captured key was refused, in the words module's words (the keys as this platform names them),
 * with the free keys main offers instead.
 */
export function keyRefusal(
  check: { readonly refusal: KeyCheckResult['refusal']; readonly alternatives: readonly string[] },
  mac: boolean,
): string {
  const { refusal } = check;
  const keys = refusal?.chord ? keysText(chordText(refusal.chord), mac) : null;
  const w = words().dictationScreen;
  const others = check.alternatives.length ? w.freeKeys(keyList(check.alternatives, mac)) : '';
  return `${refusal ? keyRefusalText(refusal, keys) : w.chooseAnother}${others}`;
}

/** What a dictated line break is in the rule's application; 'field': as the field says (none set). */
export type LineBreakChoice = NonNullable<AppRule['lineBreak']> | 'field';

/**
 * The rules with one more application (its name trimmed); unchanged for a blank name. `lineBreak` 'field'
 * sets none: Return where the field says it takes lines, refused where it cannot be read (the safe choice).
 */
export function withAppRule(
  rules: readonly AppRule[],
  app: string,
  insert: AppRule['insert'],
  lineBreak: LineBreakChoice = 'field',
): AppRule[] {
  if (app.trim() === '') return [...rules];
  return [...rules, { app: app.trim(), insert, ...(lineBreak === 'field' ? {} : { lineBreak }) }];
}

/** The rules without the one at `index`. */
export function withoutAppRule(rules: readonly AppRule[], index: number): AppRule[] {
  return rules.filter((_, j) => j !== index);
}

/** Why hold-to-talk cannot work now, or null when it can (or is not used). */
export function holdUnavailable(state: DictationStateDto): string | null {
  if (!state.hotkeys.holdUnavailable || state.settings.mode === 'toggle') return null;
  const w = words().dictationScreen;
  return state.hotkeys.hook === 'accessibility' ? w.holdNoAccessibility : w.holdNoHook;
}

/** How to dictate with the keys as set: the toggle key, and the hold key unless it is not used. */
export function dictationHint(settings: DictationSettingsDto, mac: boolean): string {
  const hold = settings.mode !== 'toggle' ? keysText(settings.holdKey, mac) : null;
  return words().dictationScreen.hint(keysText(settings.toggleKey, mac), hold);
}

/** How long dictations are kept, said where the history is empty. */
export function historyKept(historyHours: number): string {
  return words().dictationScreen.historyKept(historyHours);
}

/**
 * The dictation box's text: the live words while dictating; once done, the clinician's edit if there is
 * one, else the last text main kept.
 */
export function boxText(state: DictationStateDto | null, edited: string | null): string {
  if (state?.active) return state.box.text;
  return edited ?? state?.box.text ?? '';
}

/**
 * What the box says about its text (inserted where, copied, recovered, why not inserted), or ''; with
 * when the clipboard was cleared, but without a countdown to it (that is {@link boxCountdown}).
 */
export function boxNote(state: DictationStateDto | null): string {
  const note = state?.box.note;
  if (note?.clipboard?.state !== 'pending') return dictationMessageText(note);
  const { clipboard: _countdown, ...sentence } = note;
  return dictationMessageText(sentence);
}

/** When the box's copied text leaves the clipboard, counted down from `now` (wall-clock ms), or ''. */
export function boxCountdown(state: DictationStateDto | null, now?: number): string {
  const clipboard = state?.box.note?.clipboard;
  return clipboard?.state === 'pending' ? clipboardText(clipboard, now) : '';
}

/** A time of day as hours and minutes in the window's language (not the system's: issue 31 item 4). */
export function shortTime(at: number): string {
  return new Intl.DateTimeFormat(words().tag, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** A date and time of day in the window's language (a recoverable dictation's start). */
export function dateAndTime(at: number): string {
  return new Intl.DateTimeFormat(words().tag, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/**
 * Settings → Dictation's clipboard clear delay as typed: null when it is a whole number of seconds the
 * setting takes (0 to an hour), else why not, in words (nothing is sent until it is).
 */
export function clearSecondsProblem(typed: string): string | null {
  const value = typed.trim() === '' ? Number.NaN : Number(typed);
  if (Number.isInteger(value) && value >= 0 && value <= CLIPBOARD_CLEAR_MAX_SECONDS) return null;
  return words().ui.dictationSettings.clipboardClearInvalid(CLIPBOARD_CLEAR_MAX_SECONDS);
}
