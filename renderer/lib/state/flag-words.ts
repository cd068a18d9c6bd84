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
 * The flag's words; `edit`: raised on the clinician's own edit of a note section, so a flag comparing the
 * text with its version before says "your edit", not "a correction" (the service's).
 */
export function flagText(flag: DictationFlag, edit = false): string {
  const w = words().dictationScreen;
  const args = flagMessageArgs(flag.facts);
  if (edit && isEditCode(flag.code)) return w.editFlag[flag.code](...args);
  return w.flag[flag.code](...args);
}

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
 * Fixing a flag in the finished box's `text`: a sound-alike's name replaced by the suggested one (where it
 * still is), any other flag's words selected for the clinician to say or type the fix.
 */
export function fixInBox(
  text: string,
  flag: DictationFlag,
): { text: string } | { select: { start: number; end: number } } | null {
  const { start, end } = flag;
  if (end > text.length || start >= end) return null;
  const heard = flag.facts.drug;
  const meant = flag.facts.instead;
  if (flag.code !== 'sound_alike') return { select: { start, end } };
  if (!heard || !meant || text.slice(start, end).toLowerCase() !== heard.toLowerCase()) return null;
  const first = text.charAt(start);
  const name = first === first.toUpperCase() ? meant.charAt(0).toUpperCase() + meant.slice(1) : meant;
  return { text: text.slice(0, start) + name + text.slice(end) };
}
