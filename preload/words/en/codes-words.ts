/** Codes & more (English): copying codes and orders for the EHR, and recomputing E/M from its inputs. */
import type { CodesMoreWords } from '../words.ts';
import { formatsFor, type PluralForms } from '../intl.ts';

const f = formatsFor('en');
const characters: PluralForms = { one: 'character', other: 'characters' };

export const CODES_MORE_WORDS: CodesMoreWords = {
  copyAllCodes: 'Copy all codes',
  copyAllOrders: 'Copy all orders',
  copy: 'Copy',
  copyCodeLabel: (code) => `Copy the code ${code}`,
  copyOrderLabel: (description) => `Copy the order ${description}`,
  copied: (what, whole, chars, hidden) =>
    `${whole ? (what === 'codes' ? 'Codes' : 'Orders') : what === 'codes' ? 'Code' : 'Order'} copied (${f.plural(chars, characters)})${hidden ? ', hidden from clipboard history' : ''}.`,
  emInputs: 'What the codes were chosen from',
  emInputsHint: 'Change what does not match the visit, then recompute.',
  patientType: 'Patient',
  patientTypes: { NEW: 'New patient', ESTABLISHED: 'Established patient' },
  mdmLevel: 'Medical decision making',
  mdmLevels: { STRAIGHTFORWARD: 'Straightforward', LOW: 'Low', MODERATE: 'Moderate', HIGH: 'High' },
  mdmNone: 'Not used',
  totalMinutes: 'Total time (minutes)',
  recompute: 'Recompute',
  recomputing: 'Recomputing…',
  recomputed: 'Recomputed from your inputs.',
  needLevelOrTime: 'Choose a level of medical decision making or enter the total time.',
  emergencyNeedsLevel: 'Emergency department levels are chosen by medical decision making: choose a level.',
  minutesRange: (min, max) =>
    `Enter the total time as whole minutes, from ${f.count(min)} to ${f.count(max)}.`,
};
