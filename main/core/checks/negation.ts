/**
 * Each finding's polarity in a sentence, a scope model of the ConText family: a pre-cue ("no", "denies",
 * "possible") reaches forward to the sentence's end or the first terminator ("but", ";"); a post-cue ("was
 * ruled out", "not excluded") reaches back over at most POST_SCOPE words, no terminator between; a
 * pseudo-cue ("no increase", "not only") is read as one phrase and sets nothing. The nearest cue in scope
 * wins; a finding no cue reaches is affirmed. Words ending in "n't" ("doesn't") negate as "not" does.
 */
import type { Polarity, TextFinding } from '../../../preload/contract/text-check-codes.ts';
import { CUES_BY_FIRST_WORD, type CueRole } from './context-cues.ts';
import { FINDINGS, sameWord } from './findings-lexicon.ts';
import type { Word } from './text-spans.ts';

/** How many words a post-cue reaches back. */
const POST_SCOPE = 6;

interface Placed {
  readonly from: number;
  /** One past the last word. */
  readonly to: number;
}
interface PlacedCue extends Placed {
  readonly role: CueRole;
}

const FINDINGS_BY_FIRST_WORD = (() => {
  const map = new Map<string, (readonly string[])[]>();
  for (const words of FINDINGS) map.set(words[0]!, [...(map.get(words[0]!) ?? []), words]);
  return map;
})();

function matches(words: readonly Word[], at: number, phrase: readonly string[], plural: boolean): boolean {
  if (at + phrase.length > words.length) return false;
  return phrase.every((w, i) => {
    const said = words[at + i]!.norm;
    return plural && i === phrase.length - 1 ? sameWord(said, w) : said === w;
  });
}

/** The cues of a sentence, longest match first at each word. */
function cuesOf(words: readonly Word[]): PlacedCue[] {
  const out: PlacedCue[] = [];
  for (let i = 0; i < words.length;) {
    const norm = words[i]!.norm;
    const cue = CUES_BY_FIRST_WORD.get(norm)?.find((c) => matches(words, i, c.words, false));
    if (cue) {
      out.push({ from: i, to: i + cue.words.length, role: cue.role });
      i += cue.words.length;
    } else {
      if (norm.endsWith("n't")) out.push({ from: i, to: i + 1, role: 'negated-pre' });
      i += 1;
    }
  }
  return out;
}

/** The findings of a sentence as word spans with their normal form, longest match first. */
function findingSpans(words: readonly Word[], cues: readonly PlacedCue[]): (Placed & { term: string })[] {
  const out: (Placed & { term: string })[] = [];
  const inCue = (i: number) => cues.some((c) => c.role !== 'end' && i >= c.from && i < c.to);
  for (let i = 0; i < words.length;) {
    const norm = words[i]!.norm;
    const keys = new Set([norm, norm.replace(/s$/, ''), norm.replace(/es$/, '')]);
    const phrase = inCue(i)
      ? undefined
      : [...keys].flatMap((k) => FINDINGS_BY_FIRST_WORD.get(k) ?? []).find((p) => matches(words, i, p, true));
    if (phrase) {
      out.push({ from: i, to: i + phrase.length, term: phrase.join(' ') });
      i += phrase.length;
    } else i += 1;
  }
  return out;
}

const ends = (cues: readonly PlacedCue[], from: number, to: number) =>
  cues.some((c) => c.role === 'end' && c.from >= from && c.to <= to);

/** The cue that sets a finding's polarity, or undefined (affirmed). */
function governing(cues: readonly PlacedCue[], finding: Placed): PlacedCue | undefined {
  let best: PlacedCue | undefined;
  let distance = Infinity;
  for (const cue of cues) {
    if (cue.role === 'end' || cue.role === 'pseudo') continue;
    const pre = cue.role.endsWith('-pre') && cue.to <= finding.from && !ends(cues, cue.to, finding.from);
    const post =
      cue.role.endsWith('-post') &&
      cue.from >= finding.to &&
      cue.from - finding.to <= POST_SCOPE &&
      !ends(cues, finding.to, cue.from);
    const gap = pre ? finding.from - cue.to : post ? cue.from - finding.to : Infinity;
    if (gap < distance) [best, distance] = [cue, gap];
  }
  return best;
}

/** The findings of one sentence's words, each with its polarity and the cue that set it. */
export function findingsOf(words: readonly Word[]): TextFinding[] {
  const cues = cuesOf(words);
  return findingSpans(words, cues).map((span) => {
    const cue = governing(cues, span);
    const polarity: Polarity = !cue ? 'affirmed' : cue.role.startsWith('negated') ? 'negated' : 'possible';
    const range = { start: words[span.from]!.start, end: words[span.to - 1]!.end };
    return cue
      ? {
          term: span.term,
          polarity,
          ...range,
          cue: { start: words[cue.from]!.start, end: words[cue.to - 1]!.end },
        }
      : { term: span.term, polarity, ...range };
  });
}
