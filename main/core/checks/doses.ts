/**
 * Doses in a text and the forms of them that cause errors, after the Joint Commission's "Do Not Use" list
 * and ISMP's List of Error-Prone Abbreviations, Symbols, and Dose Designations: a trailing zero ("5.0 mg"
 * read as 50), a naked decimal (".5 mg" read as 5), "U" and "IU" (read as 0, 4, 10 or "IV"), "QD" and "QOD"
 * (read as each other or QID), "cc" (read as "u"), "µg" (read as "mg"). A lab value is not a dose: a
 * concentration ("1.0 mg/dL", "4.0 mmol/L") is never flagged.
 */
import type { TextFlag } from '../../../preload/contract/text-check-codes.ts';
import { numbersOf } from './evidence-terms.ts';
import type { Word } from './text-spans.ts';

/** A dose as said: its value, its unit in normal form, where it is. */
export interface Dose {
  readonly value: number;
  /** mcg, mg, g, mL, units, mEq, mmol (normal forms), or the unit as said. */
  readonly unit: string;
  readonly said: string;
  readonly start: number;
  readonly end: number;
}

const UNIT_FORMS: Readonly<Record<string, string>> = {
  mg: 'mg',
  milligram: 'mg',
  milligrams: 'mg',
  miligramo: 'mg',
  miligramos: 'mg',
  milligrammes: 'mg',
  milligramme: 'mg',
  mcg: 'mcg',
  µg: 'mcg',
  μg: 'mcg',
  ug: 'mcg',
  microgram: 'mcg',
  micrograms: 'mcg',
  microgramo: 'mcg',
  microgramos: 'mcg',
  microgramme: 'mcg',
  microgrammes: 'mcg',
  g: 'g',
  gram: 'g',
  grams: 'g',
  gramo: 'g',
  gramos: 'g',
  gramme: 'g',
  grammes: 'g',
  ml: 'mL',
  cc: 'mL',
  milliliter: 'mL',
  milliliters: 'mL',
  millilitre: 'mL',
  millilitres: 'mL',
  mililitro: 'mL',
  mililitros: 'mL',
  u: 'units',
  iu: 'units',
  unit: 'units',
  units: 'units',
  unidad: 'units',
  unidades: 'units',
  unité: 'units',
  unités: 'units',
  meq: 'mEq',
  mmol: 'mmol',
};
const UNIT_WORDS = Object.keys(UNIT_FORMS)
  .sort((a, b) => b.length - a.length)
  .join('|');
// A value (digits, a decimal comma or point, or a naked ".5"), then its unit, not followed by "/dL" or "/L".
const DOSE = new RegExp(`(?<![\\w.])(\\d*[.,]?\\d+)\\s?(${UNIT_WORDS})(?![\\p{L}/])`, 'giu');

/** The doses of `text` (from `offset`). */
export function dosesOf(text: string, offset = 0): Dose[] {
  const out: Dose[] = [];
  for (const m of text.matchAll(DOSE)) {
    const unitSaid = m[2]!;
    const unit = UNIT_FORMS[unitSaid.toLowerCase()]!;
    // "1,000" is a thousand; "2,5" is a decimal comma (French, Spanish).
    const digits = m[1]!;
    const value = Number(
      /^\d{1,3}(?:,\d{3})+$/.test(digits) ? digits.replace(/,/g, '') : digits.replace(',', '.'),
    );
    if (!Number.isFinite(value)) continue;
    out.push({ value, unit, said: m[0], start: offset + m.index, end: offset + m.index + m[0].length });
  }
  return out;
}

/** A number said without a dose unit (a count, a blood pressure, a rate), where it is, and its value. */
export interface BareNumber {
  readonly said: string;
  readonly value: number;
  readonly start: number;
  readonly end: number;
}

const NUMBER = /(?<![\p{L}\d.,])\d+(?:[.,]\d+)?(?![\p{L}\d])/gu;

/** A lone "one" ("the left one", "no one"), or an article read as one ("un", "uno"): not a number to compare. */
const ONE_WORD = /^(?:one|un|uno)$/i;

/**
 * The numbers spoken in `words` ("fifteen", "one forty", "twenty-five"), as said in `text` (from `offset`);
 * a lone "one" (and the articles un, uno) only right before a unit ("one milligram"): elsewhere it is
 * rarely a number. Read once per sentence, for its spoken doses and its bare numbers.
 */
export function spokenNumbersOf(text: string, words: readonly Word[], offset = 0): BareNumber[] {
  return numbersOf(words).flatMap((n) => {
    const said = text.slice(n.start - offset, n.end - offset);
    if (/\d/.test(said) || (ONE_WORD.test(said) && !unitAfter(words, n.end))) return [];
    return [{ said, value: Number(n.value), start: n.start, end: n.end }];
  });
}

/** The unit said right after `end` (one space at most between), if any, and the word that says it. */
function unitAfter(words: readonly Word[], end: number): { unit: string; word: Word } | undefined {
  const word = words.find((w) => w.start >= end);
  const unit = word && word.start - end <= 1 ? UNIT_FORMS[word.norm.replace(/\.$/, '')] : undefined;
  return word && unit ? { unit, word } : undefined;
}

/**
 * The numbers of `text` (from `offset`) that are not the value of one of its `doses`, in order: written,
 * and `spoken` (spokenNumbersOf), as a correction may change either.
 */
export function bareNumbersOf(
  text: string,
  doses: readonly Dose[],
  offset = 0,
  spoken: readonly BareNumber[] = [],
): BareNumber[] {
  const out: BareNumber[] = [];
  const inDose = (start: number) => doses.some((d) => start >= d.start && start < d.end);
  for (const m of text.matchAll(NUMBER)) {
    const start = offset + m.index;
    if (inDose(start)) continue;
    out.push({ said: m[0], value: Number(m[0].replace(',', '.')), start, end: start + m[0].length });
  }
  for (const number of spoken) if (!inDose(number.start)) out.push(number);
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Doses said in words: a `spoken` number (spokenNumbersOf) right before a unit in `words` ("fifteen
 * milligrams", "five mg"), so that "five mg" written "5 mg" is the same dose and "fifteen" heard again as
 * "fifty" a changed one.
 */
export function spokenDosesOf(
  text: string,
  words: readonly Word[],
  spoken: readonly BareNumber[],
  offset = 0,
): Dose[] {
  const out: Dose[] = [];
  for (const { value, start, end: numberEnd } of spoken) {
    const after = unitAfter(words, numberEnd);
    if (!after) continue;
    const end = after.word.end - (after.word.norm.endsWith('.') ? 1 : 0);
    out.push({ value, unit: after.unit, said: text.slice(start - offset, end - offset), start, end });
  }
  return out;
}

/** Forms to write otherwise, as [pattern, what to write]: the pattern's match is the form as said. */
const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/(?<=\d\s?)(?:U)\b(?!\/)/g, 'units'],
  [/(?<=\d\s?)(?:IU|iu)\b(?!\/)/g, 'units'],
  [/(?<=\d\s?)cc\b(?!\/)/gi, 'mL'],
  [/(?<=\d\s?)(?:µg|μg|ug)\b(?!\/)/gi, 'mcg'],
  [/(?<![\p{L}.])q(?:\.o\.d\.|od)(?![\p{L}])/giu, 'every other day'],
  [/(?<![\p{L}.])q(?:\.d\.|d)(?![\p{L}])/giu, 'daily'],
];

/** The error-prone forms of `text` (from `offset`): trailing zeros, naked decimals, abbreviations. */
export function errorProneForms(text: string, offset = 0): TextFlag[] {
  const flags: TextFlag[] = [];
  for (const dose of dosesOf(text, offset)) {
    const number = /^[\d.,]+/.exec(dose.said)![0];
    const at = { start: dose.start, end: dose.start + number.length };
    if (/^\d+[.,]0+$/.test(number) && !/^\d{1,3},\d{3}$/.test(number))
      flags.push({
        code: 'trailing_zero',
        ...at,
        facts: { said: number, instead: String(Math.trunc(dose.value)) },
      });
    else if (/^[.,]\d/.test(number))
      flags.push({ code: 'naked_decimal', ...at, facts: { said: number, instead: `0${number}` } });
  }
  for (const [pattern, instead] of ABBREVIATIONS)
    for (const m of text.matchAll(pattern))
      flags.push({
        code: 'error_prone_abbreviation',
        start: offset + m.index,
        end: offset + m.index + m[0].length,
        facts: { said: m[0], instead },
      });
  return flags;
}

/** A dose's amount in a unit of its kind (mcg for masses), to compare doses said in different units. */
export function amountOf(dose: Dose): { readonly amount: number; readonly kind: string } {
  const mass: Readonly<Record<string, number>> = { mcg: 1, mg: 1_000, g: 1_000_000 };
  const factor = mass[dose.unit];
  return factor ? { amount: dose.value * factor, kind: 'mass' } : { amount: dose.value, kind: dose.unit };
}
