/**
 * What the evidence links compare: a text's content terms (stems of its words, small words and units left
 * out) and its numbers, spoken ones included ("one forty over ninety" is 140 and 90, "eighty one" is 81),
 * in English, French and Spanish. Written for this project; a stem is the word less a common ending, and
 * two stems match when one is the other with at most three letters more ("worse", "worsens").
 */
import type { Word } from './text-spans.ts';

const SMALL = `a an the and or but of to in on at for with without is are was were be been being has have had
  i you he she it we they me him them my your his her its our their this that these those do does did done
  so as by from about any some what when where how if then there here also just yes yeah okay ok well um
  uh hmm oh patient pt doctor since per into get gets got feel feels felt very more most much such like
  will would can could should may might let lets go going come that's it's i'm i've you're there's
  le la les un une des de du d l et ou à au aux en dans pour avec est sont ai je vous il elle nous ils
  que qui ce cette se sa son ses mon ma mes votre vos sur par ne oui
  el los las unos unas del y o al con por para es son está estoy he ha yo usted su sus mi me lo le sí
  no not never non pas sin nie n't denies denied deny denying reports reported endorses complains states
  mg mcg µg g ml cc mmhg units unit u iu meq mmol milligrams milligram micrograms`;
const SMALL_WORDS = new Set(SMALL.split(/\s+/).filter(Boolean));

/** Words the note writes for what was said otherwise (lower case, both sides reduced to one stem). */
const SAME: Readonly<Record<string, string>> = {
  daily: 'day',
  days: 'day',
  once: 'day',
  sob: 'breath',
  dyspnea: 'breath',
  bp: 'pressure',
  hypertension: 'pressure',
  exertion: 'exert',
  exertional: 'exert',
  stairs: 'exert',
};

const ONES = `zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
  sixteen seventeen eighteen nineteen`.split(/\s+/);
const TENS = 'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
/**
 * French 1–15 ("dix-sept" is dix + sept) and tens; "quatre-vingt(s)" is read as one word, 80. "Seize" (16)
 * is left out: in English it is a verb ("may seize").
 */
const FR_ONES = 'un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze';
const FR_TENS = 'vingt trente quarante cinquante soixante';
/** Spanish 1–29 (each one word); "once" (11) is left out: in English it is "once a day". */
const ES_ONES = `uno dos tres cuatro cinco seis siete ocho nueve diez _ doce trece catorce quince dieciséis
  diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés veinticuatro veinticinco veintiséis
  veintisiete veintiocho veintinueve`;
const ES_TENS = 'treinta cuarenta cincuenta sesenta setenta ochenta noventa';
const ES_HUNDREDS = `ciento doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos
  novecientos`;
/** Words that multiply what comes before them ("deux cents", "one hundred"). */
const HUNDRED = new Set(['hundred', 'cent', 'cents']);
const listed = (words: string, first: number, step: number) =>
  words
    .split(/\s+/)
    .map((w, i) => [w, first + i * step] as const)
    .filter(([w]) => w !== '_');
const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ...ONES.map((w, i) => [w, i] as const),
  ...TENS.map((w, i) => [w, (i + 2) * 10] as const),
  ...listed(FR_ONES, 1, 1),
  ...listed(FR_TENS, 20, 10),
  ['vingts', 20],
  ['quatrevingt', 80],
  ...listed(ES_ONES, 1, 1),
  ...listed(ES_TENS, 30, 10),
  ['cien', 100],
  ...listed(ES_HUNDREDS, 100, 100),
]);
/** Joins a tens word to a unit said after it: "vingt et un", "soixante et onze", "treinta y cinco". */
const JOINS = new Set(['et', 'y']);

/** A word's value as a number word, with "quatre-vingt(s)" as one word (80). */
function numberWord(norm: string): number | undefined {
  return HUNDRED.has(norm) ? 100 : NUMBER_WORDS.get(norm);
}

/** The stem a word is compared by. */
function stemOfWord(norm: string): string {
  const same = SAME[norm];
  if (same) return same;
  const word = norm.replace(/'s$/, '');
  if (word.length <= 4) return word;
  const stem = word.replace(/(?:ness|ings?|edly|ed|es|s|ly)$/, '');
  return SAME[stem] ?? (stem.length >= 3 ? stem : word);
}

/** Whether two stems are one word's. */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length - short.length <= 3 && long.startsWith(short);
}

/** A number as a digit string ("81", "2.5"), or undefined. */
function digitsOf(norm: string): string | undefined {
  if (!/^\.?\d/.test(norm)) return undefined;
  const value = Number(/^\d{1,3}(?:,\d{3})+$/.test(norm) ? norm.replace(/,/g, '') : norm.replace(',', '.'));
  return Number.isFinite(value) ? String(value) : undefined;
}

/** A number said or written, at its words' place. */
export interface SaidNumber {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The numbers of a run of words, spoken or written: "eighty one" is 81, "one hundred forty" 140, and "one
 * forty" (how a blood pressure is said) 140; in French and Spanish "quinze" 15, "soixante-quinze" 75,
 * "quatre-vingt-dix" 90, "vingt et un" 21, "deux cents" 200, "cincuenta" 50, "treinta y cinco" 35,
 * "doscientos" 200.
 */
export function numbersOf(words: readonly Word[]): SaidNumber[] {
  const out: SaidNumber[] = [];
  let run: { word: Word; value: number }[] = [];
  /** Where the run ends for the next word's gap: after a joining "et" / "y", that word's end. */
  let runEnd = 0;
  const flush = () => {
    if (run.length > 0) {
      const value = String(spoken(run.map((r) => r.value)));
      out.push({ value, start: run[0]!.word.start, end: run.at(-1)!.word.end });
    }
    run = [];
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    // "two, three times" is two numbers: a run goes on over one space only.
    if (run.length > 0 && word.start - runEnd > 1) flush();
    const digits = digitsOf(word.norm);
    const last = run.at(-1)?.value;
    const said = digits === undefined ? saidValue(word.norm, last, words[i - 1]) : undefined;
    if (digits !== undefined) {
      flush();
      out.push({ value: digits, start: word.start, end: word.end });
    } else if (said?.afterQuatre) {
      // "quatre vingt(s)", "quatre vingt-dix", written apart: one number from "quatre" on.
      run[run.length - 1] = { word: { ...word, start: run.at(-1)!.word.start }, value: said.value };
    } else if (said?.hyphenated) {
      // "twenty-five", "dix-sept", "quatre-vingt-dix": a word of its own, or the end of "deux cent …".
      if (last === undefined || last < 100 || last % 100 !== 0) flush();
      run.push({ word, value: said.value });
      flush();
    } else if (said) run.push({ word, value: said.value });
    else if (!joins(word.norm, last, word, words[i + 1])) flush();
    runEnd = word.end;
  }
  flush();
  return out;
}

/**
 * A word's value as a number word, given the run's last value and the word before: "vingt(s)" after
 * "quatre" is 80 (`afterQuatre`: it takes the place of the 4); "cent(s)" counts only starting a run or after
 * two to nine, never after "per" / "pour" ("ten per cent", "fifty cents" are not 100s).
 */
function saidValue(
  norm: string,
  last: number | undefined,
  before: Word | undefined,
): { value: number; hyphenated?: boolean; afterQuatre?: boolean } | undefined {
  if (norm.includes('-')) {
    // "quatre-vingt(s)" as one word; "vingt-et-un" as vingt, un.
    const parts = norm
      .replace(/quatre-vingts?/, 'quatrevingt')
      .split('-')
      .filter((p) => p !== 'et');
    const values = parts.map(numberWord);
    const rest = values.slice(1);
    if (/^vingts?$/.test(parts[0]!) && last === 4 && rest.every((v) => v !== undefined))
      return { value: 80 + spoken(rest), hyphenated: true, afterQuatre: true };
    return values.every((v) => v !== undefined) ? { value: spoken(values), hyphenated: true } : undefined;
  }
  if (/^vingts?$/.test(norm) && last === 4) return { value: 80, afterQuatre: true };
  if (norm === 'cent' || norm === 'cents') {
    const per = before?.norm === 'per' || before?.norm === 'pour';
    return per || (last !== undefined && (last < 2 || last > 9)) ? undefined : { value: 100 };
  }
  const value = numberWord(norm);
  return value === undefined ? undefined : { value };
}

/**
 * "et" / "y" between a tens word and a unit after it: "vingt et un", "soixante et onze" (et: 1 or 11),
 * "treinta y cinco" (y: 1–9). The run goes on.
 */
function joins(norm: string, last: number | undefined, word: Word, next: Word | undefined): boolean {
  if (!JOINS.has(norm) || last === undefined || last < 20 || last % 10 !== 0) return false;
  const unit = next && next.start - word.end <= 1 ? numberWord(next.norm) : undefined;
  if (unit === undefined) return false;
  return norm === 'et' ? unit === 1 || unit === 11 : unit >= 1 && unit <= 9;
}

/** A run of words as text with its spoken numbers written as digits ("eighty one milligrams" → "81 milligrams"). */
export function withDigits(text: string, words: readonly Word[], offset: number): string {
  let out = '';
  let at = offset;
  for (const number of numbersOf(words)) {
    out += `${text.slice(at - offset, number.start - offset)}${number.value}`;
    at = number.end;
  }
  return out + text.slice(at - offset);
}

function spoken(run: readonly number[]): number {
  // "one forty": a digit then tens, no "hundred" — a hundred and forty.
  if (run.length >= 2 && run[0]! < 10 && run[1]! >= 20 && run[1]! < 100)
    return run[0]! * 100 + spoken(run.slice(1));
  let total = 0;
  for (const value of run) total = value === 100 ? Math.max(total, 1) * 100 : total + value;
  return total;
}

/**
 * Each word's term: its stem, or '' for a number, a small word or a sign. A visit says the same words again
 * and again (bounded: cleared when full).
 */
const termOfWord = new Map<string, string>();
const TERMS_MAX = 20_000;

function termOf(norm: string): string {
  let term = termOfWord.get(norm);
  if (term === undefined) {
    if (termOfWord.size >= TERMS_MAX) termOfWord.clear();
    const content = /\p{L}/u.test(norm) && !SMALL_WORDS.has(norm) && !NUMBER_WORDS.has(norm);
    const stem = content ? stemOfWord(norm) : '';
    term = stem === 'hundred' ? '' : stem;
    termOfWord.set(norm, term);
  }
  return term;
}

/** Drops the words kept: they are a visit's (its names among them), and the visit is gone. */
export function forgetTerms(): void {
  termOfWord.clear();
}

/**
 * Whether a word is kept.
 * @internal exported for the tests
 */
export function termKept(word: string): boolean {
  return termOfWord.has(word);
}

/** The content stems of a run of words (numbers, small words and signs left out). */
export function termsOf(words: readonly Word[]): string[] {
  const terms: string[] = [];
  for (const word of words) {
    const term = termOf(word.norm);
    if (term !== '') terms.push(term);
  }
  return terms;
}
