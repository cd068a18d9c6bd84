/**
 * Fix of a check's flag on a note section: the flagged words put back to the value before (or the name
 * meant), in the section's content as the service and the clinician wrote it. The flag's place is in the
 * section's text as checked (`sectionText`: cleaned, subsections with their titles), so the words are found
 * by their place among the same words there (the second "810 mg" is the second in the content too).
 */
import type { SectionContent } from '../../../preload/contract/index.ts';

/** How many times `words` (any case) occur in `text` before `end`. */
function countBefore(text: string, words: string, end: number): number {
  const lower = text.toLowerCase();
  const wanted = words.toLowerCase();
  let n = 0;
  for (let at = lower.indexOf(wanted); at !== -1 && at < end; at = lower.indexOf(wanted, at + 1)) n++;
  return n;
}

/** `to` in the case of the words it replaces (their first letter). */
function inCaseOf(written: string, to: string): string {
  const first = written.charAt(0);
  return first !== first.toLowerCase() ? to.charAt(0).toUpperCase() + to.slice(1) : to;
}

/** Replaces the `nth` (from 0) occurrence of `from` among `texts`; the index of the text changed, or -1. */
function replaceNth(texts: string[], from: string, to: string, nth: number): number {
  const wanted = from.toLowerCase();
  let seen = 0;
  for (const [i, text] of texts.entries()) {
    const lower = text.toLowerCase();
    for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + 1)) {
      if (seen++ < nth) continue;
      const written = text.slice(at, at + from.length);
      texts[i] = text.slice(0, at) + inCaseOf(written, to) + text.slice(at + from.length);
      return i;
    }
  }
  return -1;
}

/**
 * `content` with the words `from` that start at `start` of its checked text `checked` put back to `to`;
 * null when those words are not there (the flag no longer matches the section).
 */
export function fixedContent(
  content: SectionContent,
  checked: string,
  fix: { readonly from: string; readonly to: string; readonly start: number },
): SectionContent | null {
  if (checked.slice(fix.start, fix.start + fix.from.length).toLowerCase() !== fix.from.toLowerCase())
    return null;
  const nth = countBefore(checked, fix.from, fix.start);
  if (content.type === 'TEXT') {
    const texts = [content.text];
    return replaceNth(texts, fix.from, fix.to, nth) === -1 ? null : { type: 'TEXT', text: texts[0]! };
  }
  if (content.type !== 'SUBSECTIONS') return null;
  const texts = content.subsections.flatMap((sub) => [sub.title, sub.text]);
  if (replaceNth(texts, fix.from, fix.to, nth) === -1) return null;
  return {
    type: 'SUBSECTIONS',
    subsections: content.subsections.map((sub, i) => ({
      ...sub,
      title: texts[2 * i]!,
      text: texts[2 * i + 1]!,
    })),
  };
}
