/**
 * Linked evidence: each sentence of a written note tied to the transcript items that support it, by the
 * words they share (stems, weighted by how rare each is in the conversation, so "aspirin" counts for more
 * than "pain" said ten times), then checked against them (evidence-marks.ts). A sentence whose words the
 * conversation does not cover is marked "not found". Pure and synchronous: the Note screen (through the note
 * feature) and `scribe note --evidence` use this one function. Nothing in the note is changed.
 */
import type { PassageEvidence, SentenceEvidence } from '../../../preload/contract/evidence-codes.ts';
import { differences, type SupportLine } from './evidence-marks.ts';
import { forgetTerms, numbersOf, sameStem, termsOf } from './evidence-terms.ts';
import { sentencesOf, type Sentence } from './text-spans.ts';

/** A transcript item as evidence: its id and what was said. */
export interface EvidenceItem {
  readonly id: string;
  readonly text: string;
}

/** A passage of the note: a section's text, or a problem of a merged Assessment and Plan. */
export interface NotePassage {
  readonly key: string;
  readonly text: string;
}

/**
 * The verbs a plan's order opens with (English, French, Spanish). An order is the clinician's decision, which
 * the conversation need not say ("Order an ECG today."): one with no supporting line is not marked "not
 * found", and one with lines is checked against them like any sentence.
 */
const ORDER_VERBS = new Set(
  `order start stop continue resume refer return follow recheck repeat schedule obtain check increase
  decrease hold discontinue prescribe consult advise counsel encourage arrange begin taper titrate
  débuter commencer arrêter poursuivre continuer adresser consulter revoir prescrire demander reprendre
  iniciar suspender continuar derivar solicitar volver control consultar recetar pedir`.split(/\s+/),
);

/** Whether a sentence gives an order: in the Plan, or opening with an order's verb (after a list mark). */
function isOrder(key: string, sentence: Sentence): boolean {
  if (key.split('/')[0] === 'PLAN') return true;
  const first = sentence.words.find((w) => /\p{L}/u.test(w.norm));
  return first !== undefined && ORDER_VERBS.has(first.norm);
}

/** At most this many items support one sentence. */
const MAX_SUPPORT = 3;
/** An item is added to a sentence's support only if it covers this share of the sentence's words more. */
const MIN_GAIN = 0.2;

interface Line extends SupportLine {
  readonly id: string;
  readonly terms: ReadonlySet<string>;
}

/** The lines that say a term: to ask (`set`) and to walk (`list`, the same lines in the same order). */
interface LinesSaying {
  readonly set: ReadonlySet<number>;
  readonly list: Int32Array;
}

/** How one text reads: read once, whichever items say it. */
type Reading = Omit<Line, 'id'>;

function reading(text: string): Reading {
  const sentences = sentencesOf(text);
  const words = sentences.flatMap((s) => s.words);
  return { text, sentences, words, question: text.trim().endsWith('?'), terms: new Set(termsOf(words)) };
}

/** The conversation's lines and, by each term's first four letters, the lines with a term starting so. */
class Conversation {
  readonly lines: Line[];
  /** Each text's reading, for the next conversation (the same visit's, mostly). */
  readonly readings = new Map<string, Reading>();
  readonly #byPrefix = new Map<string, { line: number; term: string }[]>();
  readonly #withTerm = new Map<string, LinesSaying>();
  readonly #numbers = new Map<number, ReadonlySet<string>>();

  constructor(
    readonly items: readonly EvidenceItem[],
    earlier?: Conversation,
  ) {
    this.lines = items.map((item) => {
      let read = this.readings.get(item.text) ?? earlier?.readings.get(item.text);
      if (!read) read = reading(item.text);
      this.readings.set(item.text, read);
      return { id: item.id, ...read };
    });
    this.lines.forEach((line, index) => {
      for (const term of line.terms) {
        const key = term.slice(0, 4);
        const entries = this.#byPrefix.get(key) ?? [];
        entries.push({ line: index, term });
        this.#byPrefix.set(key, entries);
      }
    });
  }

  /** Whether it is the conversation of `items` (the same ids saying the same, in the same order). */
  says(items: readonly EvidenceItem[]): boolean {
    return (
      items.length === this.items.length &&
      items.every((item, i) => item.id === this.items[i]!.id && item.text === this.items[i]!.text)
    );
  }

  /** The numbers line `index` says (read when first asked: only lines weighing at least the best so far are). */
  numbersAt(index: number): ReadonlySet<string> {
    let found = this.#numbers.get(index);
    if (!found) {
      found = new Set(numbersOf(this.lines[index]!.words).map((n) => n.value));
      this.#numbers.set(index, found);
    }
    return found;
  }

  /** The lines that say `term` (or a word of its stem); a note says its terms many times, read once each. */
  linesWith(term: string): LinesSaying {
    let found = this.#withTerm.get(term);
    if (found) return found;
    const set = new Set<number>();
    for (const entry of this.#byPrefix.get(term.slice(0, 4)) ?? [])
      if (sameStem(term, entry.term)) set.add(entry.line);
    // Walked as a typed array (many times per sentence), in the set's order.
    found = { set, list: Int32Array.from(set) };
    this.#withTerm.set(term, found);
    return found;
  }
}

/**
 * The conversation last linked: a note is linked again at each revision against the same transcript, whose
 * lines (and what the marks read of them, evidence-marks.ts) are then read once, not again for each. Only
 * the last one is kept (its texts go with the next transcript linked); a copy of its items, so a caller
 * changing its array cannot make it stale.
 */
let last: Conversation | undefined;

/** `keep` false: read once and not kept (the note's added context, linked beside the transcript). */
function conversationOf(items: readonly EvidenceItem[], keep: boolean): Conversation {
  if (last?.says(items)) return last;
  const read = new Conversation(
    items.map(({ id, text }) => ({ id, text })),
    keep ? last : undefined,
  );
  if (keep) last = read;
  return read;
}

/** Drops the conversation kept: its visit is gone (discarded, or replaced by the next). */
export function forgetConversation(): void {
  last = undefined;
  forgetTerms();
}

/** How many of the sentence's numbers line `index` says too; none for a question (it affirms nothing). */
function agreeing(numbers: readonly string[], conversation: Conversation, index: number): number {
  if (numbers.length === 0 || conversation.lines[index]!.question) return 0;
  const said = conversation.numbersAt(index);
  return numbers.reduce((n, value) => n + (said.has(value) ? 1 : 0), 0);
}

/**
 * The line of `touched` with the most weight (-1: none); on a tie, the one saying more of the sentence's
 * numbers (a visit says "Temperature …, saturation … percent" again and again: a sentence goes to the line
 * with its values, not the first such line, which would mark them as differing), then a statement before a
 * question ("No fever." before "Any fever?"), else the first reached.
 */
function heaviest(
  touched: readonly number[],
  weight: Float64Array,
  conversation: Conversation,
  numbers: readonly string[],
): number {
  const { lines } = conversation;
  let best = -1;
  let bestAgreeing = 0;
  for (const line of touched) {
    if (best !== -1 && weight[line]! < weight[best]!) continue;
    const agree = agreeing(numbers, conversation, line);
    if (
      best === -1 ||
      weight[line]! > weight[best]! ||
      agree > bestAgreeing ||
      (agree === bestAgreeing && lines[best]!.question && !lines[line]!.question)
    ) {
      best = line;
      bestAgreeing = agree;
    }
  }
  return best;
}

/** The items that support a sentence's terms, best first; none when too little of it was said. */
function supportOf(
  terms: readonly string[],
  numbers: readonly string[],
  conversation: Conversation,
): number[] {
  const n = conversation.lines.length;
  const said = terms.map((term) => conversation.linesWith(term));
  // A rare word weighs more; a word never said weighs as one said once.
  const weights = said.map(({ list }) => Math.log(1 + n / Math.max(1, list.length)));
  const total = weights.reduce((a, b) => a + b, 0);
  const covered = new Set<number>();
  const picked: number[] = [];
  // Each line's gain in two flat arrays, reset after each round (no object per line and round).
  const weight = new Float64Array(n);
  const count = new Int32Array(n);
  while (picked.length < MAX_SUPPORT) {
    const touched: number[] = [];
    for (let t = 0; t < said.length; t++) {
      if (covered.has(t)) continue;
      const { list } = said[t]!;
      const add = weights[t]!;
      for (let k = 0; k < list.length; k++) {
        const line = list[k]!;
        if (count[line] === 0) touched.push(line);
        weight[line]! += add;
        count[line]! += 1;
      }
    }
    const best = heaviest(touched, weight, conversation, numbers);
    // A line joins if it adds a fifth of the sentence, or two of its words.
    const joins = best !== -1 && (weight[best]! >= MIN_GAIN * total || count[best]! >= 2);
    weight.fill(0);
    count.fill(0);
    if (!joins) break;
    picked.push(best);
    said.forEach(({ set }, t) => set.has(best) && covered.add(t));
  }
  const share = [...covered].reduce((a, t) => a + weights[t]!, 0) / total;
  // Half its weight, or two words and a quarter, or four words: an assessment adds words nobody said.
  const supported = share >= 0.5 || (covered.size >= 2 && share >= 0.25) || covered.size >= 4;
  if (!supported) return [];
  // A question's answer is its evidence too ("Any fever?" "No.").
  const answers = picked.filter((i) => conversation.lines[i]!.question && i + 1 < n).map((i) => i + 1);
  return [...new Set([...picked, ...answers])].sort((a, b) => a - b);
}

function sentenceEvidence(
  key: string,
  text: string,
  sentence: Sentence,
  conversation: Conversation,
): SentenceEvidence {
  const terms = termsOf(sentence.words);
  const range = { start: sentence.start, end: sentence.end };
  // A sentence with no words of its own ("1.", "Plan:") claims nothing to find.
  if (terms.length === 0) return { ...range, support: [], marks: [] };
  const numbers = numbersOf(sentence.words).map((n) => n.value);
  const support = supportOf(terms, numbers, conversation).map((i) => conversation.lines[i]!);
  if (support.length === 0) {
    const marks = isOrder(key, sentence) ? [] : [{ code: 'not_found' as const, ...range }];
    return { ...range, support: [], marks };
  }
  return {
    ...range,
    support: support.map((line) => line.id),
    marks: differences(text, sentence, support),
  };
}

/** Each passage's sentences with the ids of the items that support them and their marks. */
export function linkEvidence(
  passages: readonly NotePassage[],
  items: readonly EvidenceItem[],
  keep = true,
): PassageEvidence[] {
  const conversation = conversationOf(items, keep);
  return passages.map(({ key, text }) => ({
    key,
    sentences: sentencesOf(text).map((sentence) => sentenceEvidence(key, text, sentence, conversation)),
  }));
}
