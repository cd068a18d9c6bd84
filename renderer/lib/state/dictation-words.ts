/** The Dictation screen's and Settings → Dictation's rules and sentences, as plain functions. */
import type {
  DictationSettingsDto,
  DictationStateDto,
  KeyCheckResult,
} from '../../../preload/contract/index.ts';
import { chordText } from '../../../preload/contract/chords.ts';
import { dictationMessageText, keyRefusalText } from '../../../preload/words/index.ts';
import { describeKeys } from '../keys.ts';

/** Which hotkey a key-capture row sets. */
export type HotkeyName = 'toggleKey' | 'holdKey' | 'cancelKey';
/** How one application gets its text (an entry of the per-application rules). */
export type AppRule = DictationSettingsDto['appRules'][number];

/** The three key-capture rows of Settings → Dictation, in order. */
export const HOTKEY_ROWS: readonly { which: HotkeyName; id: string; label: string }[] = [
  { which: 'toggleKey', id: 'key-toggle', label: 'Start / stop' },
  { which: 'holdKey', id: 'key-hold', label: 'Hold to talk' },
  { which: 'cancelKey', id: 'key-cancel', label: 'Cancel' },
];

/** Whether the platform names keys the Mac way (⌘, ⌥). */
export function isMac(): boolean {
  // Read through globalThis: this module also runs under Node (tests), which has no DOM typings.
  const platform = (globalThis as { navigator?: { platform?: string } }).navigator?.platform ?? '';
  return /Mac/.test(platform);
}

/** Keys as a person reads them, joined: "F9, Ctrl+Shift+D". */
export function keyList(keys: readonly string[], mac: boolean): string {
  return keys.map((k) => describeKeys(k, mac)).join(', ');
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
  const keys = refusal?.chord ? describeKeys(chordText(refusal.chord), mac) : null;
  const others = check.alternatives.length ? ` Free keys: ${keyList(check.alternatives, mac)}.` : '';
  return `${refusal ? keyRefusalText(refusal, keys) : 'Choose another key.'}${others}`;
}

/** The rules with one more application (its name trimmed); unchanged for a blank name. */
export function withAppRule(rules: readonly AppRule[], app: string, insert: AppRule['insert']): AppRule[] {
  return app.trim() === '' ? [...rules] : [...rules, { app: app.trim(), insert }];
}

/** The rules without the one at `index`. */
export function withoutAppRule(rules: readonly AppRule[], index: number): AppRule[] {
  return rules.filter((_, j) => j !== index);
}

/** Why hold-to-talk cannot work now, or null when it can (or is not used). */
export function holdUnavailable(state: DictationStateDto): string | null {
  if (!state.hotkeys.holdUnavailable || state.settings.mode === 'toggle') return null;
  return state.hotkeys.hook === 'accessibility' ? 'Accessibility is off' : 'no key hook on this system';
}

/** How to dictate with the keys as set: the toggle key, and the hold key unless it is not used. */
export function dictationHint(settings: DictationSettingsDto, mac: boolean): string {
  const hold =
    settings.mode !== 'toggle' ? `, or hold ${describeKeys(settings.holdKey, mac)} while you speak` : '';
  return (
    `Press ${describeKeys(settings.toggleKey, mac)} in any application to dictate where the cursor is` +
    `${hold}. Text that cannot go in lands here.`
  );
}

/** How long dictations are kept, said where the history is empty. */
export function historyKept(historyHours: number): string {
  return historyHours > 0
    ? `Dictations are kept for ${historyHours} hours, encrypted on this computer.`
    : 'Dictations are kept here until the app closes.';
}

/**
 * The dictation box's text: the live words while dictating; once done, the clinician's edit if there is
 * one, else the last text main kept.
 */
export function boxText(state: DictationStateDto | null, edited: string | null): string {
  if (state?.active) return state.box.text;
  return edited ?? state?.box.text ?? '';
}

/** What the box says about its text (inserted where, copied, recovered, why not inserted), or ''. */
export function boxNote(state: DictationStateDto | null): string {
  return dictationMessageText(state?.box.note);
}

/** A time of day as hours and minutes in the clinician's locale. */
export function shortTime(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
