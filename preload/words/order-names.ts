/**
 * The names a copy of suggested orders is worded with, as the window shows them: each category's heading and
 * each medication value's name (`route:ORAL` → "by mouth (PO)"), in the chosen language. The window sends
 * them with a copy request and the CLI passes them to the same text builder, so the EHR gets what was shown.
 */
import type { Orders } from '../contract/dto-note.ts';
import {
  COPY_NAMES_LIMITS,
  medicationCopyKey,
  PRN_COPY_KEY,
  type MedicationField,
} from '../contract/medication-codes.ts';
import { medicationName } from './medication-names.ts';
import type { WindowWords } from './words.ts';

/** The category headings and medication names for a copy of `orders`, by copy key. */
export function orderCopyNames(orders: Orders, words: WindowWords): Record<string, string> {
  const names = new Map<string, string>();
  // Within CopyNamesSchema's bounds: a name that would not fit is left out, and the copy keeps the service's value.
  const { key: maxKey, name: maxName, names: maxNames } = COPY_NAMES_LIMITS;
  const add = (key: string, name: string): void => {
    if (key.length <= maxKey && name.length <= maxName && names.size < maxNames) names.set(key, name);
  };
  for (const group of orders.categories) add(group.category, words.orderCategoryName(group.category));
  let prn = false;
  for (const med of orders.categories.flatMap((g) => g.orders.map((o) => o.medication))) {
    if (!med) continue;
    prn ||= med.prn;
    for (const field of ['action', 'frequency', 'route'] as const satisfies readonly MedicationField[]) {
      const value = med[field];
      // The same words as sent need no name (a frequency the service wrote out, say).
      if (value === null) continue;
      const name = medicationName(words.medication, field, value);
      if (name !== value) add(medicationCopyKey(field, value), name);
    }
  }
  if (prn) add(PRN_COPY_KEY, words.medication.asNeededMark);
  return Object.fromEntries(names);
}
