/**
 * What a note sentence says differently from the transcript items that support it: a dose of the same drug
 * (note says 325 mg, the conversation 81 mg), a unit (mg for mcg), another number, the other side of the
 * same body part, a finding's polarity (the note denies what was affirmed), hyper- for hypo- or back. Questions are not read for
 * polarity ("Any chest pain?" affirms nothing). Spoken numbers count as written ("eighty one milligrams").
 */
import type { EvidenceMark } from '../../../preload/contract/evidence-codes.ts';
import { amountOf, dosesOf, type Dose } from './doses.ts';
import { drugDosesOf, type DrugDose } from './drug-doses.ts';
import { numbersOf, sameStem, termsOf, withDigits } from './evidence-terms.ts';
import { swapped } from './corrections.ts';
import { findingsOf } from './negation.ts';
import { sidesOf, type SideMention } from './sides.ts';
import type { TextFinding } from '../../../preload/contract/text-check-codes.ts';
import { sentencesOf, type Sentence, type Word } from './text-spans.ts';

/** A supporting transcript item: its text and words. */
export interface SupportLine {
  readonly text: string;
  readonly words: readonly Word[];
  /** A question ("Any fever?") affirms nothing. */
  readonly question: boolean;
  /** Its sentences, when already read (`sentencesOf(text)`). */
  readonly sentences?: readonly Sentence[];
}

const doseText = (dose: Dose) => `${dose.value} ${dose.unit}`;
const sameAmount = (a: Dose, b: Dose) => {
  const [x, y] = [amountOf(a), amountOf(b)];
  return x.kind === y.kind && Math.abs(x.amount - y.amount) < 1e-9;
};

/** The doses of a text, each with its drug where one is named before it. */
function dosesWithDrugs(text: string, words: readonly Word[], offset: number): (Dose & { drug?: string })[] {
  const withDrug: DrugDose[] = drugDosesOf(words, text, offset);
  return dosesOf(text, offset).map((dose) => withDrug.find((d) => d.start === dose.start) ?? dose);
}

function doseMarks(
  sentenceDoses: readonly (Dose & { drug?: string })[],
  said: readonly (Dose & { drug?: string })[],
) {
  const marks: EvidenceMark[] = [];
  for (const dose of sentenceDoses) {
    const same = dose.drug ? said.filter((d) => d.drug === dose.drug) : said.filter((d) => !d.drug);
    if (same.length === 0 || same.some((d) => sameAmount(d, dose))) continue;
    const unit = same.find((d) => d.value === dose.value && d.unit !== dose.unit);
    const other = unit ?? same[0]!;
    marks.push({
      code: 'differs',
      kind: unit ? 'unit' : 'dose',
      start: dose.start,
      end: dose.end,
      note: doseText(dose),
      said: doseText(other),
    });
  }
  return marks;
}

const outside = (n: { start: number }, doses: readonly Dose[]) =>
  !doses.some((d) => n.start >= d.start && n.start < d.end);

/** A number and the words around it (their stems), which tell what it counts: "two weeks", "pressure 140". */
interface Counted {
  readonly value: string;
  readonly start: number;
  readonly end: number;
  readonly around: readonly string[];
}

function counted(words: readonly Word[], doses: readonly Dose[]): Counted[] {
  return numbersOf(words)
    .filter((n) => outside(n, doses))
    .map((n) => {
      const at = words.findIndex((w) => w.start === n.start);
      const to = words.findIndex((w) => w.end === n.end);
      return {
        ...n,
        around: termsOf([...words.slice(Math.max(0, at - 3), at), ...words.slice(to + 1, to + 3)]),
      };
    });
}

/** A supporting item with its spoken numbers as digits, its doses and its other numbers. */
interface SpokenLine {
  readonly doses: readonly (Dose & { drug?: string })[];
  readonly numbers: readonly Counted[];
}

/** Each item read once, however many sentences it supports. */
const spokenLines = new WeakMap<SupportLine, SpokenLine>();
function spokenLine(line: SupportLine): SpokenLine {
  const known = spokenLines.get(line);
  if (known) return known;
  const text = withDigits(line.text, line.words, 0);
  // No spoken number: the text, and so its words, are the line's.
  const words = text === line.text ? line.words : sentencesOf(text).flatMap((s) => s.words);
  const doses = dosesWithDrugs(text, words, 0);
  const spoken = { doses, numbers: counted(words, doses) };
  spokenLines.set(line, spoken);
  return spoken;
}

const near = (a: Counted, b: Counted) => a.around.some((x) => b.around.some((y) => sameStem(x, y)));

/**
 * Numbers other than doses: one the note has and the support does not, against one the support has of the
 * same thing (a word around both in common).
 */
function numberMarks(sentence: Sentence, doses: readonly Dose[], said: readonly Counted[]): EvidenceMark[] {
  const noted = counted(sentence.words, doses);
  const marks: EvidenceMark[] = [];
  for (const n of noted) {
    if (said.some((s) => s.value === n.value)) continue;
    const other = said.find((s) => near(s, n) && !noted.some((m) => m.value === s.value));
    if (other)
      marks.push({
        code: 'differs',
        kind: 'number',
        start: n.start,
        end: n.end,
        note: n.value,
        said: other.value,
      });
  }
  return marks;
}

const lineSides = new WeakMap<SupportLine, SideMention[]>();
const sidesOfLine = (line: SupportLine) => {
  const sides = lineSides.get(line) ?? sidesOf(line.words);
  lineSides.set(line, sides);
  return sides;
};

function sideMarks(sentence: Sentence, support: readonly SupportLine[]): EvidenceMark[] {
  const said = support.flatMap(sidesOfLine);
  const marks: EvidenceMark[] = [];
  for (const mention of sidesOf(sentence.words)) {
    const same = said.filter((m) => m.part === mention.part);
    if (same.length === 0 || same.some((m) => m.side === mention.side)) continue;
    const { start, end } = mention;
    marks.push({ code: 'differs', kind: 'side', start, end, note: mention.side, said: same[0]!.side });
  }
  return marks;
}

/**
 * The findings the supporting lines state about what a note sentence says: read per sentence of each line,
 * questions left out ("have you had chest pain, nausea-" affirms nothing, even cut off before its "?"), and
 * only from sentences that share another of the note sentence's words (if it has one), so "no pain to palpation" said of the
 * knee in a long turn does not contradict "shoulder pain" in the note.
 */
function saidFindings(sentence: Sentence, support: readonly SupportLine[]) {
  const terms = termsOf(sentence.words);
  return support.flatMap((line) =>
    statementsOf(line).flatMap(({ findings, saidTerms }) => {
      // A sentence that says nothing but the finding ("Reports fever.") needs no other word in common.
      const shares = (term: string) => {
        const others = terms.filter((t) => !sameStem(t, term));
        return others.length === 0 || others.some((t) => saidTerms.some((u) => sameStem(t, u)));
      };
      return findings.filter((f) => shares(f.term));
    }),
  );
}

/**
 * A line's sentences that are not questions, with their findings and terms: read once per line (a line
 * supports many of a note's sentences, and was read again for each before).
 */
const statements = new WeakMap<SupportLine, { findings: TextFinding[]; saidTerms: string[] }[]>();
function statementsOf(line: SupportLine) {
  let read = statements.get(line);
  if (!read) {
    read = (line.sentences ?? sentencesOf(line.text)).flatMap((said) => {
      const text = line.text.slice(said.start, said.end).trim();
      if (text.endsWith('?') || QUESTION_OPENING.test(text)) return [];
      return [{ findings: findingsOf(said.words), saidTerms: termsOf(said.words) }];
    });
    statements.set(line, read);
  }
  return read;
}

/**
 * How a spoken question opens, the recognizer having perhaps left out its "?": an auxiliary then "you"
 * ("have you had…"), or "any" or "how about" among its first words ("and any other symptoms like a cough").
 */
const QUESTION_OPENING =
  /^(?:(?:do|does|did|have|has|had|are|is|was|were|can|could|how|what|when|where|which|who)\b[^.!]*\b(?:you|your|there|it)\b|(?:\S+\s+){0,5}(?:any|how about)\b(?![^.!]*\b(?:no|not|n't|never|denies)\b))/i;

function negationMarks(sentence: Sentence, support: readonly SupportLine[]): EvidenceMark[] {
  const said = saidFindings(sentence, support);
  const marks: EvidenceMark[] = [];
  for (const finding of findingsOf(sentence.words)) {
    const same = said.filter((f) => f.term === finding.term);
    if (same.length === 0 || same.some((f) => f.polarity === finding.polarity)) continue;
    const { start, end } = finding;
    marks.push({
      code: 'differs',
      kind: 'negation',
      start,
      end,
      note: finding.polarity,
      said: same[0]!.polarity,
    });
  }
  return marks;
}

/** A finding the note says hyper- (hypo-) where the supporting lines say only its hypo- (hyper-) form. */
function hyperHypoMarks(sentence: Sentence, support: readonly SupportLine[]): EvidenceMark[] {
  const said = new Set(saidFindings(sentence, support).map((f) => f.term));
  return findingsOf(sentence.words).flatMap(({ term, start, end }) => {
    const other = swapped(term);
    return other && said.has(other) && !said.has(term)
      ? [{ code: 'differs' as const, kind: 'hyper_hypo' as const, start, end, note: term, said: other }]
      : [];
  });
}

/** The marks of a supported sentence of `text` against its supporting items. */
export function differences(
  text: string,
  sentence: Sentence,
  support: readonly SupportLine[],
): EvidenceMark[] {
  const slice = text.slice(sentence.start, sentence.end);
  const doses = dosesWithDrugs(slice, sentence.words, sentence.start);
  const spoken = support.map(spokenLine);
  const marks = [
    ...doseMarks(
      doses,
      spoken.flatMap((line) => line.doses),
    ),
    ...numberMarks(
      sentence,
      doses,
      spoken.flatMap((line) => line.numbers),
    ),
    ...sideMarks(sentence, support),
    ...negationMarks(sentence, support),
    ...hyperHypoMarks(sentence, support),
  ];
  return marks.sort((a, b) => a.start - b.start);
}
