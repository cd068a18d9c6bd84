/**
 * The clinical text checks as codes and facts (main/core/checks): what a check found in a dictated or
 * written text, each with its character range, never a sentence. The window, the overlay and `scribe check`
 * word them (preload/words/<lang>/text-checks.json). Zod-free.
 */

/** A finding's polarity, ConText's values: said to be absent, present, or possibly present. */
export const POLARITIES = ['negated', 'affirmed', 'possible'] as const;
export type Polarity = (typeof POLARITIES)[number];

/** Each flag's code and the kind of check it belongs to (IT turns checks off by kind). */
export const FLAG_KIND_OF = {
  trailing_zero: 'dose',
  naked_decimal: 'dose',
  error_prone_abbreviation: 'dose',
  unit_changed: 'dose',
  dose_changed: 'dose',
  number_changed: 'dose',
  dose_magnitude: 'dose',
  sound_alike: 'sound_alike',
  side_conflict: 'side',
  side_changed: 'side',
  polarity_flipped: 'negation',
  hyper_hypo: 'negation',
} as const;
export type FlagCode = keyof typeof FLAG_KIND_OF;
export type FlagKind = (typeof FLAG_KIND_OF)[FlagCode];
export const FLAG_CODES = Object.keys(FLAG_KIND_OF) as [FlagCode, ...FlagCode[]];
/**
 * The flags that compare a text with its version before a change (a service's correction, or the
 * clinician's own edit of a note section, worded as such): the ones whose `instead` is the value before.
 */
export const EDIT_FLAG_CODES = [
  'unit_changed',
  'dose_changed',
  'number_changed',
  'side_changed',
  'polarity_flipped',
  'hyper_hypo',
] as const satisfies readonly FlagCode[];
export type EditFlagCode = (typeof EDIT_FLAG_CODES)[number];
/**
 * What Fix of a flag on a note section puts back, from its facts: the words the flag is on (`from`) and the
 * value said before or meant (`to`): a dose or unit changed, hyper- turned hypo-, a sound-alike's other name.
 * Null for a flag with no single value to put back (a side, worded in the text's language; a polarity).
 */
export function restoredValue(flag: {
  readonly code: FlagCode;
  readonly facts: FlagFacts;
}): { from: string; to: string } | null {
  const { said, instead, drug } = flag.facts;
  if (!instead) return null;
  if (flag.code === 'sound_alike') return drug ? { from: drug, to: instead } : null;
  const restores = ['dose_changed', 'number_changed', 'unit_changed', 'hyper_hypo'].includes(flag.code);
  return restores && said ? { from: said, to: instead } : null;
}
export const FLAG_KINDS = ['dose', 'sound_alike', 'side', 'negation'] as const satisfies readonly FlagKind[];

/** The published lists of confused drug names a sound-alike pair comes from (worded in text-checks.json). */
export const CONFUSED_NAME_LISTS = ['ismp2023'] as const;
export type ConfusedNameList = (typeof CONFUSED_NAME_LISTS)[number];

/** [start, end) in UTF-16 code units of the checked text. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/**
 * What a flag names, all taken from the text or the lists: a value and unit, the safer form, a drug, the
 * name it may have been meant as and the list that pairs them, a body part and its sides, a finding.
 */
export interface FlagFacts {
  /** The form as written ("5.0 mg", "QD", "IU", "left"). */
  readonly said?: string;
  /** What to write or what was said before ("5 mg", "daily", "units", "mcg", "right"). */
  readonly instead?: string;
  /** The drug a dose belongs to, or the drug name heard. */
  readonly drug?: string;
  /** The earlier dose of the same drug ("81 mg"), for dose_magnitude. */
  readonly earlier?: string;
  /** How many times the earlier dose this one is (10, 0.1, 1000, 0.001). */
  readonly factor?: number;
  /** The list a sound-alike pair comes from. */
  readonly source?: ConfusedNameList;
  /** The body part, for side flags. */
  readonly part?: string;
  /** The finding, for negation flags. */
  readonly finding?: string;
  /** The polarity before and after a correction. */
  readonly from?: Polarity;
  readonly to?: Polarity;
}

/**
 * A flag's facts in the order its messages take them (the window's and the CLI's flag words): the one place
 * that spreads them, absent ones empty.
 */
export function flagMessageArgs(f: FlagFacts) {
  return [
    f.said ?? '',
    f.instead ?? '',
    f.drug ?? '',
    f.earlier ?? '',
    f.factor ?? 0,
    f.source ?? '',
    f.part ?? '',
    f.finding ?? '',
    f.from ?? '',
    f.to ?? '',
  ] as const;
}

/**
 * What Fix puts in place of a flag's words (main/core/checks/flag-fixes.ts): [start, end) of the checked
 * text, the words there (`from`) and what goes in (`to`). A flag with no single right value has none.
 */
export interface FlagFix extends TextRange {
  readonly from: string;
  readonly to: string;
}

/** One flag: its code, where in the text, its facts, and its fix where it has one. */
export interface TextFlag extends TextRange {
  readonly code: FlagCode;
  readonly facts: FlagFacts;
  readonly fix?: FlagFix;
}

/** A finding (a symptom, sign or condition) and its polarity, with the cue that set it. */
export interface TextFinding extends TextRange {
  /** The finding's normal form ("chest pain"). */
  readonly term: string;
  readonly polarity: Polarity;
  /** The cue's range, when a cue set the polarity. */
  readonly cue?: TextRange;
}

/** One sentence of the checked text: its range, its findings and its flags. */
export interface CheckedSentence extends TextRange {
  readonly findings: readonly TextFinding[];
  readonly flags: readonly TextFlag[];
}
