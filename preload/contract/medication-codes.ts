/**
 * A MEDICATION order's `action`, `route` and frequency. The contract names these fields, not their values,
 * and the public facts say nothing of them either. GUESS, all of it: the codes below are what a service
 * could plausibly send, taken from public standards — routes from SNOMED CT's route-of-administration names
 * (as FHIR MedicationRequest's `dosageInstruction.route` uses them), frequencies from the sig abbreviations
 * clinicians write (BID, TID, q8h), actions from medication reconciliation (start, continue, stop, change).
 * A value is matched whatever its case or spacing (`bid`, `b.i.d.`, `Twice a day`); one that matches none
 * is still shown, read from its words (preload/words/medication-names.ts). Codes only: the words are in
 * preload/words/<lang>/medication-words.ts.
 */

/** What to do with the medication. GUESS. */
export const MEDICATION_ACTIONS = [
  'START',
  'CONTINUE',
  'STOP',
  'CHANGE',
  'INCREASE',
  'DECREASE',
  'HOLD',
  'RESUME',
  'REFILL',
] as const;
export type MedicationAction = (typeof MEDICATION_ACTIONS)[number];

/** How it is given: SNOMED CT route names in the service's upper case. GUESS. */
export const MEDICATION_ROUTES = [
  'ORAL',
  'SUBLINGUAL',
  'BUCCAL',
  'TOPICAL',
  'TRANSDERMAL',
  'INHALATION',
  'NASAL',
  'OPHTHALMIC',
  'OTIC',
  'RECTAL',
  'VAGINAL',
  'INTRAVENOUS',
  'INTRAMUSCULAR',
  'SUBCUTANEOUS',
  'INTRADERMAL',
] as const;
export type MedicationRoute = (typeof MEDICATION_ROUTES)[number];

/**
 * How often: the usual sig codes. GUESS. An interval (`Q8H`, `Q4-6H`, "every 8 hours") is read apart from
 * these (its hours are in the words).
 */
export const MEDICATION_FREQUENCIES = [
  'DAILY',
  'BID',
  'TID',
  'QID',
  'QAM',
  'QPM',
  'QHS',
  'QOD',
  'WEEKLY',
  'PRN',
  'STAT',
  'ONCE',
] as const;
export type MedicationFrequency = (typeof MEDICATION_FREQUENCIES)[number];

/**
 * Other spellings of the same values, after normalizing (upper case, dots dropped, spaces and hyphens as
 * `_`): clinicians' abbreviations (PO, IV, SC, QD, HS) and the words a service may send instead of a code
 * ("twice a day", "daily"). GUESS, like the codes.
 */
export const MEDICATION_ALIASES: {
  readonly action: Readonly<Record<string, MedicationAction>>;
  readonly route: Readonly<Record<string, MedicationRoute>>;
  readonly frequency: Readonly<Record<string, MedicationFrequency>>;
} = {
  action: {
    NEW: 'START',
    BEGIN: 'START',
    DISCONTINUE: 'STOP',
    MODIFY: 'CHANGE',
    ADJUST: 'CHANGE',
    RENEW: 'REFILL',
  },
  route: {
    PO: 'ORAL',
    BY_MOUTH: 'ORAL',
    SL: 'SUBLINGUAL',
    INHALED: 'INHALATION',
    INH: 'INHALATION',
    INTRANASAL: 'NASAL',
    PR: 'RECTAL',
    TD: 'TRANSDERMAL',
    IV: 'INTRAVENOUS',
    IM: 'INTRAMUSCULAR',
    SC: 'SUBCUTANEOUS',
    SQ: 'SUBCUTANEOUS',
    SUBQ: 'SUBCUTANEOUS',
    SUBCUT: 'SUBCUTANEOUS',
    ID: 'INTRADERMAL',
  },
  frequency: {
    QD: 'DAILY',
    ONCE_DAILY: 'DAILY',
    ONCE_A_DAY: 'DAILY',
    EVERY_DAY: 'DAILY',
    BD: 'BID',
    TWICE_DAILY: 'BID',
    TWICE_A_DAY: 'BID',
    TDS: 'TID',
    THREE_TIMES_DAILY: 'TID',
    THREE_TIMES_A_DAY: 'TID',
    QDS: 'QID',
    FOUR_TIMES_DAILY: 'QID',
    FOUR_TIMES_A_DAY: 'QID',
    EVERY_MORNING: 'QAM',
    EVERY_EVENING: 'QPM',
    HS: 'QHS',
    AT_BEDTIME: 'QHS',
    NIGHTLY: 'QHS',
    EVERY_OTHER_DAY: 'QOD',
    ONCE_A_WEEK: 'WEEKLY',
    AS_NEEDED: 'PRN',
    NOW: 'STAT',
    ONE_TIME: 'ONCE',
    SINGLE_DOSE: 'ONCE',
  },
};

/** Which of a medication order's values a name is asked for. */
export type MedicationField = keyof typeof MEDICATION_ALIASES;

/**
 * The key under which a copy request's `names` carries the window's name of a medication value
 * (`route:ORAL`), so a copied order reads as the window shows it.
 */
export function medicationCopyKey(field: MedicationField, value: string): string {
  return `${field}:${value}`;
}

/** The key of the as-needed mark a copied order ends with, in a copy request's `names`. */
export const PRN_COPY_KEY = 'prn';

/** A copy request's `names` (dto-note.ts CopyNamesSchema): key and name lengths, and how many. */
export const COPY_NAMES_LIMITS = { key: 100, name: 200, names: 100 } as const;
