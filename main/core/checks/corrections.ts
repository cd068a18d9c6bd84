/**
 * What a correction changed that changes the meaning: compares the text before the correction with the
 * text after, as facts (findings, doses, sides), not as characters. A finding whose polarity flipped ("no
 * chest pain" → "chest pain"), a hyper- turned hypo- or back, a dose's value or unit changed, a side changed. Each is
 * aligned with the same thing said in the same place among its kind (the first "knee" with the first).
 */
import type { TextFinding, TextFlag } from '../../../preload/contract/text-check-codes.ts';
import type { BareNumber, Dose } from './doses.ts';
import type { SideMention } from './sides.ts';

/** The words either side of a value (lower case; '' at a sentence's edge), which tell a value changed in place. */
export interface Placed {
  readonly near: readonly [string, string];
}

/** What the correction check reads of a text. */
export interface TextFacts {
  readonly findings: readonly TextFinding[];
  readonly doses: readonly (Dose & Placed)[];
  /** Numbers without a dose unit: a count, a blood pressure, a rate. */
  readonly numbers: readonly (BareNumber & Placed)[];
  readonly sides: readonly SideMention[];
}

/** Whether two values stand by the same word, before or after ("pulse 70" and "pulse 90"). */
const sameNeighbour = (a: Placed, b: Placed): boolean =>
  (a.near[0] !== '' && a.near[0] === b.near[0]) || (a.near[1] !== '' && a.near[1] === b.near[1]);

/** Pairs the i-th item of each key before with the i-th after. */
function aligned<T>(before: readonly T[], after: readonly T[], key: (t: T) => string): [T, T][] {
  const seen = new Map<string, T[]>();
  for (const item of before) seen.set(key(item), [...(seen.get(key(item)) ?? []), item]);
  const taken = new Map<string, number>();
  const out: [T, T][] = [];
  for (const item of after) {
    const k = key(item);
    const index = taken.get(k) ?? 0;
    const match = seen.get(k)?.[index];
    taken.set(k, index + 1);
    if (match) out.push([match, item]);
  }
  return out;
}

const SWAP = /^(hyper|hypo|hiper|hipo)(.+)$/;
/** `term` with hyper- turned hypo- or back (Spanish hiper-/hipo- too); undefined for a term with neither. */
export const swapped = (term: string): string | undefined => {
  const m = SWAP.exec(term);
  if (!m) return undefined;
  const other = { hyper: 'hypo', hypo: 'hyper', hiper: 'hipo', hipo: 'hiper' }[m[1]!]!;
  return `${other}${m[2]}`;
};

/** Findings whose polarity flipped, and hyper- turned hypo- (or back). */
function findingFlags(before: TextFacts, after: TextFacts): TextFlag[] {
  const flags: TextFlag[] = [];
  for (const [was, now] of aligned(before.findings, after.findings, (f) => f.term))
    if (was.polarity !== now.polarity)
      flags.push({
        code: 'polarity_flipped',
        start: now.start,
        end: now.end,
        facts: { finding: now.term, from: was.polarity, to: now.polarity },
      });
  const count = (facts: TextFacts, term: string) => facts.findings.filter((f) => f.term === term).length;
  for (const now of after.findings) {
    const other = swapped(now.term);
    if (
      other &&
      count(before, other) > count(after, other) &&
      count(after, now.term) > count(before, now.term)
    )
      flags.push({
        code: 'hyper_hypo',
        start: now.start,
        end: now.end,
        facts: { said: now.term, instead: other },
      });
  }
  return flags;
}

/** common[i][j]: the length of the longest common subsequence of items i.. of one list and j.. of the other. */
function commonRuns(n: number, m: number, same: (i: number, j: number) => boolean): Int32Array[] {
  const common = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      common[i]![j] = same(i, j)
        ? common[i + 1]![j + 1]! + 1
        : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  return common;
}

/**
 * Each item whose value a correction changed: the values said both before and after (a longest common
 * subsequence) anchor the rest, and between two anchors as many items before as after are paired in order
 * (a value changed in place) when they stand by the same word; where the counts differ, items were added or
 * removed there and none is paired (pairing by place over the whole text compared every number after an
 * added one with the wrong partner), and a sentence rewritten ("three days" → "two weeks") pairs nothing.
 */
function changedInPlace<
  T extends Placed & { readonly said: string; readonly start: number; readonly end: number },
>(
  code: 'dose_changed' | 'number_changed',
  before: readonly T[],
  after: readonly T[],
  value: (item: T) => number,
): TextFlag[] {
  const [n, m] = [before.length, after.length];
  const same = (i: number, j: number) => value(before[i]!) === value(after[j]!);
  const common = commonRuns(n, m, same);
  const flags: TextFlag[] = [];
  let was: T[] = [];
  let now: T[] = [];
  const pairGap = () => {
    if (was.length === now.length)
      now.forEach((item, k) => {
        if (value(item) !== value(was[k]!) && sameNeighbour(item, was[k]!))
          flags.push({
            code,
            start: item.start,
            end: item.end,
            facts: { said: item.said, instead: was[k]!.said },
          });
      });
    was = [];
    now = [];
  };
  let [i, j] = [0, 0];
  while (i < n || j < m) {
    if (i < n && j < m && same(i, j)) {
      pairGap();
      i++;
      j++;
    } else if (j < m && (i >= n || common[i]![j + 1]! >= common[i + 1]![j]!)) now.push(after[j++]!);
    else was.push(before[i++]!);
  }
  pairGap();
  return flags;
}

/** The flags of a correction from `before` to `after`, at `after`'s places. */
export function correctionFlags(before: TextFacts, after: TextFacts): TextFlag[] {
  const flags = findingFlags(before, after);
  for (const [was, now] of aligned(before.doses, after.doses, (d) => String(d.value)))
    if (was.unit !== now.unit)
      flags.push({
        code: 'unit_changed',
        start: now.start,
        end: now.end,
        facts: { said: now.said, instead: was.said },
      });
  // The same number of doses, one in the same place said with another value: the number was changed; the
  // same for a number said without a unit ("BP 120/80" → "BP 160/80", "2 tablets" → "3 tablets").
  flags.push(...changedInPlace('dose_changed', before.doses, after.doses, (d) => d.value));
  flags.push(...changedInPlace('number_changed', before.numbers, after.numbers, (n) => n.value));
  for (const [was, now] of aligned(before.sides, after.sides, (s) => s.part))
    if (was.side !== now.side)
      flags.push({
        code: 'side_changed',
        start: now.start,
        end: now.end,
        facts: { part: now.part, said: now.side, instead: was.side },
      });
  return flags;
}
