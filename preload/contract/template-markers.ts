/**
 * Template blanks in a field's text, as EHR templates mark them (`***`, `[ ]`, `[text]`, `{…}`, `_____`),
 * and the one after (or before) the caret. Pure and zod-free, shared by main (the desktop reads another
 * application's field and selects what this finds) and the window (its own dictation box).
 */
import type { TemplateMarker } from './dictation-codes.ts';

/** Each kind as a pattern (one line: a blank never spans a line break). */
const PATTERN: Readonly<Record<TemplateMarker, string>> = {
  asterisks: String.raw`\*{3,}`,
  'empty-brackets': String.raw`\[[ \t]*\]`,
  'bracketed-text': String.raw`\[[^\[\]\n]*[^\[\]\s][^\[\]\n]*\]`,
  braces: String.raw`\{[^{}\n]*\}`,
  underscores: String.raw`_{3,}`,
};

/** A blank's place in the text (UTF-16 units). */
export interface Blank {
  readonly start: number;
  readonly length: number;
}

/** Every blank of the given kinds in `text`, in order. */
export function blanksIn(text: string, kinds: readonly TemplateMarker[]): Blank[] {
  if (kinds.length === 0) return [];
  const pattern = new RegExp(kinds.map((k) => PATTERN[k]).join('|'), 'g');
  return [...text.matchAll(pattern)].map((m) => ({ start: m.index, length: m[0].length }));
}

/**
 * The blank to select from a selection [start, start + length): "next" is the first blank starting at or
 * after its end (so a selected blank is stepped over), "previous" the last one ending at or before its start.
 */
export function blankFrom(
  text: string,
  selection: { selectionStart: number; selectionLength: number },
  direction: 'next' | 'previous',
  kinds: readonly TemplateMarker[],
): Blank | undefined {
  const blanks = blanksIn(text, kinds);
  const from = selection.selectionStart;
  const to = from + selection.selectionLength;
  if (direction === 'next') return blanks.find((b) => b.start >= to && !(b.start === from && b.length === 0));
  return blanks.findLast((b) => b.start + b.length <= from);
}
