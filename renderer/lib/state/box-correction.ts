/**
 * What the service corrected in the dictation box: between two texts of one dictation, an ASYNC_CORRECTION
 * replaces words in place (the text after is not the text before with words added). Compared word by word,
 * so "Patient is table." → "Patient is stable." reads as “table” → “stable”, not as one letter.
 */

/** The words a correction replaced, and what it put in their place. */
export interface BoxCorrection {
  readonly before: string;
  readonly after: string;
}

/** Words (letters and digits) and every other character on its own. */
function tokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+|[^\p{L}\p{N}]/gu) ?? [];
}

/**
 * The correction between `previous` and `next`, or null when `next` only adds to `previous` (or takes its
 * tail away, as a dropped connection's rollback does).
 */
export function correctionBetween(previous: string, next: string): BoxCorrection | null {
  if (next.startsWith(previous) || previous.startsWith(next)) return null;
  const a = tokens(previous);
  const b = tokens(next);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a.at(-1 - tail) === b.at(-1 - tail)) tail++;
  const before = a
    .slice(head, a.length - tail)
    .join('')
    .trim();
  const after = b
    .slice(head, b.length - tail)
    .join('')
    .trim();
  return before === '' && after === '' ? null : { before, after };
}
