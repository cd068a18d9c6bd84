/**
 * A medication order's action, route or frequency as a clinician reads it, in any language: the value is
 * matched to a known code whatever its case, dots or spacing (`bid`, `b.i.d.`, `Twice a day`, `PO`), and a
 * value that matches none is shown anyway, read from its words (INTRAOSSEOUS → "intraosseous"), never
 * dropped and never as a snake_case code. The codes are GUESSES (preload/contract/medication-codes.ts).
 */
import {
  MEDICATION_ACTIONS,
  MEDICATION_ALIASES,
  MEDICATION_FREQUENCIES,
  MEDICATION_ROUTES,
  type MedicationField,
} from '../contract/medication-codes.ts';
import type { MedicationWords } from './medication-words-type.ts';

const KNOWN: Readonly<Record<MedicationField, readonly string[]>> = {
  action: MEDICATION_ACTIONS,
  route: MEDICATION_ROUTES,
  frequency: MEDICATION_FREQUENCIES,
};

/** "b.i.d." → "BID", "Twice a day" → "TWICE_A_DAY", "q4-6h" → "Q4_6H". */
function normalized(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/[\s_-]+/g, '_');
}

/** The known code a value stands for, or null. */
function knownCode(field: MedicationField, value: string): string | null {
  const code = normalized(value);
  if (KNOWN[field].includes(code)) return code;
  return (MEDICATION_ALIASES[field] as Readonly<Record<string, string>>)[code] ?? null;
}

/** Q8H, Q4-6H, "every 8 hours", "every 4 to 6 hours" → their hours; null for anything else. */
function hoursOf(value: string): { from: number; to: number | null } | null {
  const code = normalized(value);
  const match =
    /^Q_?(\d{1,3})(?:_(?:TO_)?(\d{1,3}))?_?(?:H|HR|HRS|HOURS?)$/.exec(code) ??
    /^EVERY_(\d{1,3})(?:_(?:TO_)?(\d{1,3}))?_HOURS?$/.exec(code);
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] === undefined ? null : Number(match[2]);
  if (from === 0 || (to !== null && to <= from)) return null;
  return { from, to };
}

/**
 * Clinicians' abbreviations a code may carry among its words (IV_PUSH, PO_DAILY): kept in capitals when a
 * value in capitals is read. GUESS, like the codes; English words of 2 to 4 letters (AS, AT, DAY) are not here.
 */
const ABBREVIATIONS: ReadonlySet<string> = new Set(
  [
    'IV IM IO PO PR SL SC SQ SUBQ TD ID INH NG PEG NEB MDI', // routes and devices
    'BID TID QID QD QOD QAM QPM QHS HS PRN STAT BD TDS QDS', // frequencies
    'ER XR SR IR DR ODT', // release forms
  ]
    .join(' ')
    .split(' '),
);

/**
 * One word of a snake_case code: an abbreviation stays as it is — letters with digits (Q8H, B12), and
 * capitals of 2 to 4 letters where the value's own case says so (IV_push), or a known one (IV_PUSH) where
 * the whole value is in capitals and case says nothing — and the rest is in lower case.
 */
function readableWord(word: string, allCapitals: boolean): string {
  const abbreviation =
    (/[A-Za-z]/.test(word) && /\d/.test(word)) ||
    (/^[A-Z]{2,4}$/.test(word) && (!allCapitals || ABBREVIATIONS.has(word)));
  return abbreviation ? word : word.toLowerCase();
}

/** A value no table knows, as words: snake_case as words (abbreviations kept), long capitals in lower case. */
function readable(value: string): string {
  const text = value.trim();
  if (/^[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)+$/.test(text)) {
    const allCapitals = text === text.toUpperCase();
    return text
      .split(/_+/)
      .map((word) => readableWord(word, allCapitals))
      .join(' ');
  }
  // Short capitals (TIW) may be an abbreviation a clinician knows: left as they are.
  if (/^[A-Z]{5,}$/.test(text)) return text.toLowerCase();
  return text;
}

/** A medication order's value as this language names it (known codes from its tables). */
export function medicationName(words: MedicationWords, field: MedicationField, value: string): string {
  const code = knownCode(field, value);
  if (code !== null) {
    const table = { action: words.actions, route: words.routes, frequency: words.frequencies }[field];
    return (table as Readonly<Record<string, string>>)[code] ?? readable(value);
  }
  const hours = field === 'frequency' ? hoursOf(value) : null;
  return hours ? words.everyHours(hours.from, hours.to) : readable(value);
}
