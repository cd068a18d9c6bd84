/**
 * A check's flag on dictated text in the window's language, as the box, history and overlay show it: what
 * kind of flag and the two values it compares ("10× the dose said earlier: 50 mg vs 5 mg", "did you mean
 * hydroxyzine?").
 */
import type { DictationFlag } from '../../../preload/contract/index.ts';
import { words } from '../../../preload/words/window.ts';
import {
  EDIT_FLAG_CODES,
  flagMessageArgs,
  type EditFlagCode,
  type FlagCode,
} from '../../../preload/contract/text-check-codes.ts';

/**
 * The flag's words; `edit`: on a note section, so a flag comparing the text with its version before says
 * "your edit", not "a correction" (the service's), or "the note written again" when that raised it.
 */
export function flagText(flag: DictationFlag & { readonly rewritten?: true }, edit = false): string {
  const w = words().dictationScreen;
  const args = flagMessageArgs(flag.facts);
  if (edit && isEditCode(flag.code)) return (flag.rewritten ? w.rewriteFlag : w.editFlag)[flag.code](...args);
  return w.flag[flag.code](...args);
}

/** What a flag's Fix button says it puts in ("Fix → units", not the space before "units" after a digit). */
export const fixLabel = (flag: DictationFlag): string =>
  words().dictationScreen.fixTo((flag.fix?.to ?? '').trim());

const isEditCode = (code: FlagCode): code is EditFlagCode =>
  (EDIT_FLAG_CODES as readonly FlagCode[]).includes(code);

/** The keys that keep or fix the first open flag while the dictation box is shown. */
export const FLAG_KEYS = { keep: 'Alt+K', fix: 'Alt+F' } as const;

/** What flagKeyOf reads of a keyboard event. */
type FlagKeyEvent = Readonly<
  Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean> & { code: string }
>;

/** Which of the flag keys `event` is, if any. */
export function flagKeyOf(event: FlagKeyEvent): 'keep' | 'fix' | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.code === 'KeyK') return 'keep';
  if (event.code === 'KeyF') return 'fix';
  return null;
}

/**
 * Fixing a flag in the finished box's `text`: its fix (main/core/checks/flag-fixes.ts) replaces exactly its
 * words, where they still are; a flag with no single right value (a 10× dose, sides in conflict) has its words
 * selected for the clinician to say or type the change. Null: the words are no longer there (the flag's
 * `words`, and its fix's, at their place: main moves the box's flags after a Fix changed the length).
 */
export function fixInBox(
  text: string,
  flag: DictationFlag,
): { text: string } | { select: { start: number; end: number } } | null {
  const { fix, start, end, words } = flag;
  if (words !== undefined && text.slice(start, end) !== words) return null;
  if (!fix) return end <= text.length && start < end ? { select: { start, end } } : null;
  if (text.slice(fix.start, fix.end) !== fix.from) return null;
  return { text: text.slice(0, fix.start) + fix.to + text.slice(fix.end) };
}
