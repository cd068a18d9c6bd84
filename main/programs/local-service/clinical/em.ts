import { conditionsIn } from './recognition.ts';
import { suggestedOrders } from './coding.ts';
import { noteText } from './note-writer.ts';
import type { Note } from '../schemas.ts';
import { badRequest } from '../errors.ts';

/** Medical decision making levels (2021 office E/M guidelines). */
export const MDM_LEVELS = ['STRAIGHTFORWARD', 'LOW', 'MODERATE', 'HIGH'] as const;
export type MdmLevel = (typeof MDM_LEVELS)[number];

const OFFICE: Record<'NEW' | 'ESTABLISHED', { codes: string[]; minutes: number[]; label: string }> = {
  NEW: {
    codes: ['99202', '99203', '99204', '99205'],
    minutes: [15, 30, 45, 60],
    label: 'Office or other outpatient visit, new patient',
  },
  ESTABLISHED: {
    codes: ['99212', '99213', '99214', '99215'],
    minutes: [10, 20, 30, 40],
    label: 'Office or other outpatient visit, established patient',
  },
};
const EMERGENCY = ['99282', '99283', '99284', '99285'];

/** Structured E/M inputs. */
export interface EmInputs {
  em_specialty_kind: string;
  patient_type: 'NEW' | 'ESTABLISHED';
  medical_decision_making_level?: MdmLevel;
  total_time_minutes?: number;
}

/** Deterministic E/M CPT code selection; the higher of the MDM and time levels wins (office visits). */
export function computeEmCodes(inputs: EmInputs) {
  const mdm =
    inputs.medical_decision_making_level === undefined
      ? -1
      : MDM_LEVELS.indexOf(inputs.medical_decision_making_level);
  if (inputs.em_specialty_kind === 'EMERGENCY_MEDICINE') {
    if (mdm < 0)
      throw badRequest('emergency department E/M levels are chosen by medical_decision_making_level');
    const code = EMERGENCY[mdm]!;
    return {
      codes: [
        {
          code,
          system: 'CPT',
          description: `Emergency department visit, ${MDM_LEVELS[mdm]!.toLowerCase()} MDM`,
          basis: 'MEDICAL_DECISION_MAKING',
        },
      ],
    };
  }
  const table = OFFICE[inputs.patient_type];
  let byTime = -1;
  if (inputs.total_time_minutes !== undefined)
    table.minutes.forEach((min, level) => (inputs.total_time_minutes! >= min ? (byTime = level) : undefined));
  if (mdm < 0 && inputs.total_time_minutes === undefined)
    throw badRequest('give medical_decision_making_level or total_time_minutes');
  const level = Math.max(mdm, byTime);
  if (level < 0) return { codes: [] };
  return {
    codes: [
      {
        code: table.codes[level]!,
        system: 'CPT',
        description: table.label,
        basis: byTime > mdm ? 'TIME' : 'MEDICAL_DECISION_MAKING',
      },
    ],
  };
}

/** MDM level read from a note: problems addressed and prescription drug management. */
export function mdmFromNote(note: Note): MdmLevel {
  const problems = conditionsIn(noteText(note)).length;
  const prescribes = suggestedOrders(note, undefined).suggested_orders.some(
    (order) => order.category === 'MEDICATION',
  );
  if (problems >= 3 && prescribes) return 'HIGH';
  if (prescribes || problems >= 2) return 'MODERATE';
  if (problems === 1) return 'LOW';
  return 'STRAIGHTFORWARD';
}
