/**
 * "Did you mean …?" for a drug name on a list of confused names, never a replacement: a listed drug is
 * flagged when its sentence gives it a use of the other drug of its pair and none of its own, when the
 * earlier text named only the other drug, or when a correction turned the other drug's name into this one.
 */
import { escapeRegExp } from '../../base/escape-regexp.ts';
import type { ConfusedNameList, TextFlag } from '../../../preload/contract/text-check-codes.ts';
import { CONFUSED_PAIRS, type ListedDrug } from './confused-names.ts';
import type { Word } from './text-spans.ts';

interface Partner {
  readonly drug: ListedDrug;
  readonly other: ListedDrug;
  readonly source: ConfusedNameList;
}

/** Each listed name → the pairs it is in, from its side. */
const PARTNERS: ReadonlyMap<string, readonly Partner[]> = (() => {
  const map = new Map<string, Partner[]>();
  const add = (drug: ListedDrug, other: ListedDrug, source: ConfusedNameList) => {
    for (const name of drug.names) map.set(name, [...(map.get(name) ?? []), { drug, other, source }]);
  };
  for (const [a, b, source] of CONFUSED_PAIRS) {
    add(a, b, source);
    add(b, a, source);
  }
  return map;
})();

const said = (text: string, phrase: string) =>
  new RegExp(`(?<![\\p{L}])${escapeRegExp(phrase)}(?![\\p{L}])`, 'u').test(text);
const names = (text: string, drug: ListedDrug) => drug.names.some((n) => said(text, n));
const usedFor = (text: string, drug: ListedDrug) => drug.uses.some((u) => said(text, u));

/** What a sound-alike check reads around a sentence (all lower case). */
export interface SoundAlikeContext {
  /** The sentence itself. */
  readonly sentence: string;
  /** Everything said before it (earlier sentences, the dictation or visit so far). */
  readonly earlier: string;
  /** The same text before a correction, when there was one. */
  readonly before?: string;
}

/** The sound-alike flags of a sentence's words. */
export function soundAlikeFlags(words: readonly Word[], context: SoundAlikeContext): TextFlag[] {
  const flags: TextFlag[] = [];
  for (const word of words)
    for (const { drug, other, source } of PARTNERS.get(word.norm) ?? []) {
      const wrongUse = usedFor(context.sentence, other) && !usedFor(context.sentence, drug);
      const otherEarlier = names(context.earlier, other) && !names(context.earlier, drug);
      const corrected =
        context.before !== undefined && names(context.before, other) && !names(context.before, drug);
      if (!wrongUse && !otherEarlier && !corrected) continue;
      flags.push({
        code: 'sound_alike',
        start: word.start,
        end: word.end,
        facts: { drug: word.text, instead: other.names[0]!, source },
      });
      break;
    }
  return flags;
}
