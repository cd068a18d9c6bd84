/**
 * Sentences and words of a text with their character ranges: what every check walks. A word keeps its
 * place in the text so a flag can point at it; its `norm` is lower case, accents kept, curly apostrophes
 * straightened.
 */
import type { TextRange } from '../../../preload/contract/text-check-codes.ts';

/** A word (or a number, or a sign the checks read: `;`, `:`, `?`) and where it is. */
export interface Word extends TextRange {
  readonly text: string;
  readonly norm: string;
}

/** A sentence's range and its words. */
export interface Sentence extends TextRange {
  readonly words: readonly Word[];
}

// A number (".5", "5.0", "1,000"), a word (letters, µ, inner apostrophes, hyphens, slashes such as "mg/dL",
// "r/o", and dotted abbreviations such as "q.d."), or one of the signs that end a negation's scope.
// Letters as Latin ranges, not \p{L}: V8 runs a non-Unicode class several times faster, and the checks'
// languages (English, French, Spanish) are all in them (µ and Greek mu included, for "µg").
const LETTER = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0153\\u00B5\\u03BC';
const WORD = new RegExp(`\\.?\\d+(?:[.,]\\d+)*|[${LETTER}]+(?:['’./-][${LETTER}]+)*\\.?|[;:?]`, 'g');

/** The words of `text` (from `offset`), in order. */
function wordsOf(text: string, offset = 0): Word[] {
  const out: Word[] = [];
  // exec over the one pattern rather than matchAll, which copies it for every text (linked evidence reads
  // every line of a visit: issue 30's 200 ms).
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    let raw = match[0];
    // A word's closing dot is the sentence's unless it is an abbreviation's ("q.d.").
    if (raw.endsWith('.') && !/^[\p{L}]\.[\p{L}.]*$/u.test(raw)) raw = raw.slice(0, -1);
    const start = offset + match.index;
    // French elision ("d'essoufflement", "l’œdème"): the article is a word of its own, so cues and findings
    // meet. Its apostrophe is the second or third character: only then is the pattern tried.
    const elided = elisionAt(raw) ? (ELISION.exec(raw)?.[0].length ?? 0) : 0;
    if (elided > 0 && elided < raw.length) out.push(word(raw.slice(0, elided), start));
    out.push(word(raw.slice(elided), start + elided));
  }
  return out;
}

const ELISION = /^(?:qu|[cdjlmnst])['’]/iu;
const isApostrophe = (c: string | undefined) => c === "'" || c === '’';
const elisionAt = (raw: string) => isApostrophe(raw[1]) || isApostrophe(raw[2]);

function word(text: string, start: number): Word {
  const lower = text.toLowerCase();
  return {
    text,
    norm: lower.includes('’') ? lower.replace(/’/g, "'") : lower,
    start,
    end: start + text.length,
  };
}

// A sentence ends at . ! ? or a line break, where the dot is not a decimal point nor an abbreviation's.
const SENTENCE_END = /(?<!\b[a-zA-Z])[.!?]+(?=\s|$)|\n+/g;

/** The sentences of `text`, each trimmed, with their words. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const push = (end: number) => {
    const slice = text.slice(from, end);
    const lead = slice.length - slice.trimStart().length;
    const body = slice.trim();
    if (body.length > 0) {
      const start = from + lead;
      out.push({ start, end: start + body.length, words: wordsOf(body, start) });
    }
  };
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + (match[0].startsWith('\n') ? 0 : match[0].length);
    push(end);
    from = match.index + match[0].length;
  }
  push(text.length);
  return out;
}
