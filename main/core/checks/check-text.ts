/**
 * The second pair of eyes on clinical text: `checkText(text, context)` returns, for each sentence, its
 * findings with their polarity and every flag (doses, sound-alike drug names, sides, negation), each with
 * its character range in `text` and its fix where it has one (flag-fixes.ts). Pure and synchronous, no
 * words: codes and facts, worded where they are shown. The dictation feature, the note feature and `scribe check` use this one function.
 */
import type { CheckedSentence, TextFlag, TextRange } from '../../../preload/contract/text-check-codes.ts';
import { correctionFlags, type Placed, type TextFacts } from './corrections.ts';
import { bareNumbersOf, dosesOf, errorProneForms, spokenDosesOf, spokenNumbersOf } from './doses.ts';
import { withFixes } from './flag-fixes.ts';
import { drugDosesOf, magnitudeFlag, type DrugDose } from './drug-doses.ts';
import { findingsOf } from './negation.ts';
import { sideConflictFlag, sidesOf, type SideMention } from './sides.ts';
import { soundAlikeFlags } from './sound-alikes.ts';
import { sentencesOf, type Sentence, type Word } from './text-spans.ts';

/** What a text is checked against. */
export interface CheckContext {
  /** What was said before this text in the same dictation or visit (earlier sentences, earlier fields). */
  readonly earlier?: string;
  /** This same text as it was before a correction (or before the note was regenerated). */
  readonly before?: string;
}

interface Analysed {
  readonly sentence: Sentence;
  readonly facts: TextFacts;
  readonly drugDoses: readonly DrugDose[];
}

/**
 * The earlier text's sentences, each analysed once: a dictation's earlier text grows by a sentence at a time,
 * and its older sentences are read again with each new one (their ranges are not used, only their facts).
 */
const seen = new Map<string, Analysed>();
const SEEN_MAX = 2_000;
function analyseEarlier(text: string): Analysed[] {
  return sentencesOf(text).map(({ start, end }) => {
    const slice = text.slice(start, end);
    let analysed = seen.get(slice);
    if (!analysed) {
      if (seen.size >= SEEN_MAX) seen.clear();
      analysed = analyse(slice)[0]!;
      seen.set(slice, analysed);
    }
    return analysed;
  });
}

function analyse(text: string): Analysed[] {
  return sentencesOf(text).map((sentence) => {
    const slice = text.slice(sentence.start, sentence.end);
    const drugDoses = drugDosesOf(sentence.words, slice, sentence.start);
    const spoken = spokenNumbersOf(slice, sentence.words, sentence.start);
    const doses = [
      ...dosesOf(slice, sentence.start),
      ...spokenDosesOf(slice, sentence.words, spoken, sentence.start),
    ].sort((a, b) => a.start - b.start);
    const placed = <T extends TextRange>(item: T): T & Placed => ({
      ...item,
      near: nearOf(sentence.words, item),
    });
    return {
      sentence,
      drugDoses,
      facts: {
        findings: findingsOf(sentence.words),
        doses: doses.map(placed),
        numbers: bareNumbersOf(slice, doses, sentence.start, spoken).map(placed),
        sides: sidesOf(sentence.words),
      },
    };
  });
}

/** The words just before and just after `range` in its sentence ('' at either edge). */
function nearOf(words: readonly Word[], range: TextRange): [string, string] {
  let before = '';
  let after = '';
  for (const word of words) {
    if (word.end <= range.start) before = word.norm;
    else if (word.start >= range.end) {
      after = word.norm;
      break;
    }
  }
  return [before, after];
}

/** Every flag and finding of `text`, sentence by sentence. */
export function checkText(text: string, context: CheckContext = {}): CheckedSentence[] {
  const earlier = context.earlier ? analyseEarlier(context.earlier) : [];
  const current = analyse(text);
  const corrected =
    context.before === undefined ? [] : correctionFlags(merge(analyse(context.before)), merge(current));
  const earlierText = (context.earlier ?? '').toLowerCase();
  const seenDoses: DrugDose[] = earlier.flatMap((a) => a.drugDoses);
  const seenSides: { mention: SideMention; sentence: readonly SideMention[] }[] = earlier.flatMap((a) =>
    a.facts.sides.map((mention) => ({ mention, sentence: a.facts.sides })),
  );
  return current.map(({ sentence, facts, drugDoses }) => {
    const slice = text.slice(sentence.start, sentence.end);
    const flags: TextFlag[] = [...errorProneForms(slice, sentence.start)];
    const before = text.slice(0, sentence.start).toLowerCase();
    flags.push(
      ...soundAlikeFlags(sentence.words, {
        sentence: slice.toLowerCase(),
        earlier: `${earlierText}\n${before}`,
        ...(context.before === undefined ? {} : { before: context.before.toLowerCase() }),
      }),
    );
    for (const dose of drugDoses) {
      const flag = magnitudeFlag(dose, seenDoses);
      if (flag) flags.push(flag);
      seenDoses.push(dose);
    }
    for (const mention of facts.sides) {
      const flag = sideConflictFlag(mention, facts.sides, seenSides);
      if (flag) flags.push(flag);
    }
    seenSides.push(...facts.sides.map((mention) => ({ mention, sentence: facts.sides })));
    flags.push(...corrected.filter((f) => f.start >= sentence.start && f.end <= sentence.end));
    flags.sort((a, b) => a.start - b.start);
    const fixed = withFixes(text, flags, context.before);
    return { start: sentence.start, end: sentence.end, findings: facts.findings, flags: fixed };
  });
}

function merge(analysed: readonly Analysed[]): TextFacts {
  return {
    findings: analysed.flatMap((a) => a.facts.findings),
    doses: analysed.flatMap((a) => a.facts.doses),
    numbers: analysed.flatMap((a) => a.facts.numbers),
    sides: analysed.flatMap((a) => a.facts.sides),
  };
}
