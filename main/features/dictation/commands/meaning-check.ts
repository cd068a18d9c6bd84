/**
 * Corrections that cannot slip a dose: does an ASYNC_CORRECTION change a number, a unit, a negation or a
 * side (left/right)? Compares the words the correction removed with the words it put in; a change among
 * those is flagged so the clinician sees it (it is still applied as the service says). English, Spanish and
 * French words; numbers as digits or words.
 */

/** A correction that changed what the text means: the words before and after (shown, never logged). */
export interface FlaggedCorrection {
  readonly before: string;
  readonly after: string;
}

const NUMBER_WORDS =
  'zero one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred thousand half ' +
  'cero uno una dos tres cuatro cinco seis siete ocho nueve diez veinte treinta cien mil medio media ' +
  'zéro un une deux trois quatre cinq six sept huit neuf dix vingt trente cent mille demi demie';
const UNITS =
  'mg mcg µg ug g gram grams kg ml millilitre milliliter milliliters millilitres l litre liter liters units unit iu ' +
  'meq mmol mol % percent tablet tablets tab tabs capsule capsules puff puffs drop drops hour hours h daily bid tid qid ' +
  'milligram milligrams microgram micrograms gramos gramo miligramos mililitros unidades comprimido comprimidos gotas ' +
  'milligrammes milligramme microgrammes gramme grammes millilitres unités comprimé comprimés gouttes';
const NEGATIONS =
  'no not never without denies negative nor none ni sin nunca niega negativo non pas sans aucun aucune jamais';
const SIDES =
  'left right bilateral izquierdo izquierda derecho derecha bilateral gauche droit droite bilatéral bilatérale';

const WORDS = new Set([NUMBER_WORDS, UNITS, NEGATIONS, SIDES].join(' ').split(' '));

/** The meaning-bearing tokens of a text: numbers (as written) and the words above, lower case. */
function tokens(text: string): string[] {
  const found: string[] = [];
  for (const match of text.toLowerCase().matchAll(/\d+(?:[.,]\d+)?|%|[\p{L}µ]+(?:'[\p{L}]+)?/gu)) {
    const token = match[0];
    if (/^\d/.test(token) || WORDS.has(token) || /^n'?t$/.test(token) || token.endsWith("n't"))
      found.push(token);
  }
  return found.sort();
}

/** Widens [start, end) of `text` to whole words. */
function wholeWords(text: string, start: number, end: number): string {
  let s = start;
  let e = end;
  while (s > 0 && /[\p{L}\p{N}.,%µ'-]/u.test(text.charAt(s - 1))) s--;
  while (e < text.length && /[\p{L}\p{N}.,%µ'-]/u.test(text.charAt(e))) e++;
  return text.slice(s, e).trim();
}

/** The words a correction changed from `before` to `after`, if they change a meaning-bearing token. */
export function meaningChange(before: string, after: string): FlaggedCorrection | null {
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  const removed = wholeWords(before, prefix, before.length - suffix);
  const inserted = wholeWords(after, prefix, after.length - suffix);
  if (tokens(removed).join(' ') === tokens(inserted).join(' ')) return null;
  return { before: removed, after: inserted };
}
