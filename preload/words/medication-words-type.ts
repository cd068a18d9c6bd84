import type { MedicationAction, MedicationFrequency, MedicationRoute } from '../contract/medication-codes.ts';

type Table<K extends string> = Readonly<Record<K, string>>;

/**
 * A medication order's action, route and frequency in this language (GUESS codes: see
 * preload/contract/medication-codes.ts). Read through medicationName (medication-names.ts), which matches a
 * value whatever its case and words an unknown one.
 */
export interface MedicationWords {
  readonly actions: Table<MedicationAction>;
  readonly routes: Table<MedicationRoute>;
  readonly frequencies: Table<MedicationFrequency>;
  /** An interval in hours (Q8H: 8, null); a range (Q4-6H: 4, 6). */
  everyHours(from: number, to: number | null): string;
  /** What a copied order ends with when it is taken only as needed. */
  readonly asNeededMark: string;
}
