/**
 * What Fix of a flag puts in place of its words (the flag's `fix`), where there is one right value: the safer
 * form of an error-prone dose ("5.0" → "5", ".5" → "0.5", "U" → "units", "QD" → "daily", "cc" → "mL",
 * "µg" → "mcg"), the name a sound-alike may have been meant as, and the wording before a change (a unit, a
 * dose, a number, a side, a "no", hyper- and hypo-): the text as it was, not a value put together. A dose ten
 * times one said earlier and sides in conflict have no single right value: no fix (the clinician keeps the
 * words or changes them). Pure: the window, the dictation and `scribe check` read the same fix.
 */
import type { FlagFix, TextFlag } from '../../../preload/contract/text-check-codes.ts';
import { sentencesOf } from './text-spans.ts';

const SAFER_FORMS: ReadonlySet<TextFlag['code']> = new Set([
  'trailing_zero',
  'naked_decimal',
  'error_prone_abbreviation',
]);
/** A correction's flags whose words before it are the dose as said then (the flag's `instead`). */
const DOSE_BEFORE: ReadonlySet<TextFlag['code']> = new Set([
  'unit_changed',
  'dose_changed',
  'number_changed',
]);
/** A correction's flags whose words before it are read from the text before (a cue may lie outside the flag). */
const WORDING_BEFORE: ReadonlySet<TextFlag['code']> = new Set([
  'side_changed',
  'polarity_flipped',
  'hyper_hypo',
]);

/** `to` in the case of `like` (its first letter), for a name put in for another. */
export const cased = (to: string, like: string) =>
  like.charAt(0) === like.charAt(0).toUpperCase() ? to.charAt(0).toUpperCase() + to.slice(1) : to;

/**
 * The part of `after` a change from `before` touched, widened to cover [start, end), and the words `before`
 * had there: the common beginning and end of the two are what the change left alone. Read in the flag's
 * sentence when the change kept the number of sentences (another sentence's change stays as it is).
 */
function wordingBefore(before: string, after: string, start: number, end: number): FlagFix | null {
  const [was, now] = [sentencesOf(before), sentencesOf(after)];
  const i = now.findIndex((s) => s.start <= start && end <= s.end);
  if (i < 0 || was.length !== now.length) return changed(before, after, start, end);
  const [b, a] = [was[i]!, now[i]!];
  const fix = changed(
    before.slice(b.start, b.end),
    after.slice(a.start, a.end),
    start - a.start,
    end - a.start,
  );
  return fix && { ...fix, start: fix.start + a.start, end: fix.end + a.start };
}

/** wordingBefore's reading of two whole texts. */
function changed(before: string, after: string, start: number, end: number): FlagFix | null {
  const most = Math.min(before.length, after.length);
  let head = 0;
  while (head < most && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < most - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  if (head === after.length - tail && head === before.length - tail) return null; // nothing changed
  // Whole words: the common beginning and end are the same in both, so widening into them keeps the two aligned.
  let from = Math.min(head, start);
  while (from > 0 && WORD.test(after.charAt(from - 1))) from--;
  let to = Math.max(after.length - tail, end);
  while (to < after.length && WORD.test(after.charAt(to))) to++;
  const was = before.slice(from, before.length - (after.length - to));
  return { start: from, end: to, from: after.slice(from, to), to: was };
}

const WORD = /[\p{L}\p{N}]/u;

/** Whether `fix` puts back words other than `flag`'s own that another of `flags` covers (kept or not). */
function touchesAnother(fix: FlagFix, flag: TextFlag, flags: readonly TextFlag[]): boolean {
  const changed = {
    start: fix.start + commonHead(fix.from, fix.to),
    end: fix.end - commonTail(fix.from, fix.to),
  };
  return flags.some((other) => other !== flag && other.start < changed.end && changed.start < other.end);
}

const commonHead = (a: string, b: string) => {
  let n = 0;
  while (n < Math.min(a.length, b.length) && a[n] === b[n]) n++;
  return n;
};
const commonTail = (a: string, b: string) => {
  let n = 0;
  while (n < Math.min(a.length, b.length) - commonHead(a, b) && a[a.length - 1 - n] === b[b.length - 1 - n])
    n++;
  return n;
};

/** Flag `flag` of `text` with its fix, if it has one; `before`: the text before the correction that raised it. */
function fixOf(text: string, flag: TextFlag, before?: string): FlagFix | null {
  const { start, end, facts } = flag;
  const words = text.slice(start, end);
  if (SAFER_FORMS.has(flag.code) && facts.instead) {
    // "5U" → "5 units": a word put right after a digit gets its space.
    const spaced = /\d$/.test(text.slice(0, start)) && /^\p{L}/u.test(facts.instead);
    return { start, end, from: words, to: `${spaced ? ' ' : ''}${facts.instead}` };
  }
  if (flag.code === 'sound_alike' && facts.instead)
    return { start, end, from: words, to: cased(facts.instead, words) };
  if (DOSE_BEFORE.has(flag.code) && facts.instead && facts.instead !== words)
    return { start, end, from: words, to: facts.instead };
  if (WORDING_BEFORE.has(flag.code) && before !== undefined) return wordingBefore(before, text, start, end);
  return null;
}

/**
 * `flags` of `text`, each with its fix where it has one. A fix read from the text before that would also put
 * back another flag's words (a dose changed with the side) is none: Fix of one flag never undoes a change the
 * clinician may keep; they keep this one or edit it.
 */
export function withFixes(text: string, flags: readonly TextFlag[], before?: string): TextFlag[] {
  return flags.map((flag) => {
    const fix = fixOf(text, flag, before);
    const alone = fix && !(WORDING_BEFORE.has(flag.code) && touchesAnother(fix, flag, flags));
    return fix && alone ? { ...flag, fix } : flag;
  });
}
