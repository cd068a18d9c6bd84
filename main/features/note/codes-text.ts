/**
 * Codes and orders laid out for pasting into an EHR, like the note's copy (ehr-text.ts): plain lines, no
 * markdown, no words of ours (only the service's codes, names and values), so the text reads the same in
 * any window language. A code copies as one line; the whole list as its lines, conditions then observations
 * with one blank line between. An order copies as its description with its details; all orders as one
 * block per category (its heading as the window names it, else its code; then "- " each order). A
 * medication's action, route and frequency are named as the window names them (`names`), else as sent.
 */
import type { Codes, Condition, Observation, Order, Orders } from '../../../preload/contract/index.ts';
import {
  medicationCopyKey,
  PRN_COPY_KEY,
  type MedicationField,
} from '../../../preload/contract/medication-codes.ts';
import { plainText } from './ehr-text.ts';

/** `I10 Essential (primary) hypertension`. */
function conditionLine(condition: Condition): string {
  return plainText(`${condition.coding.code} ${condition.coding.display}`);
}

/** `Blood pressure: 150/95 mmHg (LOINC 85354-9)`: what was measured, its value, its codes. */
function observationLine(observation: Observation): string {
  const value = [observation.value, observation.unit].filter((v) => v).join(' ');
  const codes = observation.codes.map((c) => `${c.system === 'other' ? '' : `${c.system} `}${c.code}`);
  const head = value ? `${observation.display}: ${value}` : observation.display;
  return plainText(codes.length > 0 ? `${head} (${codes.join(', ')})` : head);
}

/** The codes in the order the Codes screen lists them: conditions, then observations. */
function codeLines(codes: Codes): string[][] {
  return [codes.conditions.map(conditionLine), codes.observations.map(observationLine)];
}

/** The whole list (index null) or the one line at `index` of the list as shown; null when there is none. */
export function codesText(codes: Codes, index: number | null): string | null {
  const groups = codeLines(codes);
  if (index !== null) return groups.flat()[index] ?? null;
  return groups
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}

type Names = Readonly<Record<string, string>>;

/** `Aspirin 81 mg, start, 81 mg, once a day, by mouth (PO), PRN` then its details on the next line. */
function orderText(order: Order, names: Names): string {
  const med = order.medication;
  const named = (field: MedicationField, value: string | null): string | null =>
    value === null ? null : (names[medicationCopyKey(field, value)] ?? value);
  const parts = med
    ? [
        named('action', med.action),
        med.dose,
        named('frequency', med.frequency),
        named('route', med.route),
        // A frequency that already says "as needed" is not followed by it again.
        med.prn && !/^\s*prn\b/i.test(med.frequency ?? '') ? (names[PRN_COPY_KEY] ?? 'PRN') : null,
      ]
    : [];
  const head = [order.description, ...parts.filter((p): p is string => Boolean(p))].join(', ');
  return plainText([head, order.details ?? ''].filter((p) => p.trim().length > 0).join('\n'));
}

/**
 * The whole list of orders (index null) or the one at `index` of the list as shown; null when none.
 * `names`: the window's headings of the categories, by code, and its names of medication values.
 */
export function ordersText(orders: Orders, index: number | null, names: Names = {}): string | null {
  const text = (order: Order): string => orderText(order, names);
  if (index !== null) return orders.categories.flatMap((group) => group.orders).map(text)[index] ?? null;
  return orders.categories
    .filter((group) => group.orders.length > 0)
    .map((group) =>
      [
        `${names[group.category] ?? group.category}:`,
        ...group.orders.map((o) => `- ${text(o).replace(/\n/g, '\n  ')}`),
      ].join('\n'),
    )
    .join('\n\n');
}
