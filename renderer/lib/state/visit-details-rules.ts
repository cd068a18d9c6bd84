/** The Note screen's "Visit details" fields as the request's VisitDetails (plain logic, tested under Node). */
import type { VisitDetails } from '../../../preload/contract/dto-note.ts';
import { PATIENT_SEXES } from '../../../preload/contract/enums.ts';

/** What the clinician typed, as the fields hold it (all text: empty means "not given"). */
export interface VisitDetailsFields {
  date: string;
  specialty: string;
  age: string;
  dateOfBirth: string;
  sex: string;
  /** One diagnosis a line: an ICD-10 code, then its name (`I10 Essential hypertension`). */
  diagnoses: string;
  draftPlan: string;
}

export function emptyVisitDetails(): VisitDetailsFields {
  return { date: '', specialty: '', age: '', dateOfBirth: '', sex: '', diagnoses: '', draftPlan: '' };
}

/** An ICD-10 code (letter, two characters, an optional dot and up to four more). */
const ICD10 = /^[A-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/;

/** The diagnoses typed one a line, and the numbers of the lines that do not start with an ICD-10 code. */
export function parseDiagnoses(text: string): {
  diagnoses: { code: string; display: string }[];
  badLines: number[];
} {
  const diagnoses: { code: string; display: string }[] = [];
  const badLines: number[] = [];
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '') return;
    const [first = '', ...rest] = trimmed.split(/\s+/);
    const code = first.replace(/[:,;–—-]+$/, '').toUpperCase();
    if (!ICD10.test(code)) return void badLines.push(index + 1);
    diagnoses.push({ code, display: rest.join(' ').replace(/^[:–—-]\s*/, '') });
  });
  return { diagnoses, badLines };
}

/** What is wrong with the fields, for the hint beside them; null when they can be sent. */
export function visitDetailsProblem(fields: VisitDetailsFields): 'age' | 'diagnoses' | null {
  if (fields.age.trim() !== '' && !/^\d{1,3}$/.test(fields.age.trim())) return 'age';
  if (Number(fields.age) > 130) return 'age';
  if (parseDiagnoses(fields.diagnoses).badLines.length > 0) return 'diagnoses';
  return null;
}

/** The request's visit details; null when nothing was given (the visit's own date is then sent). */
export function visitDetailsOf(
  fields: VisitDetailsFields,
  caller: 'server' | 'user' | null,
): VisitDetails | null {
  const age = fields.age.trim();
  const sex = (PATIENT_SEXES as readonly string[]).includes(fields.sex)
    ? (fields.sex as VisitDetails['patientSex'])
    : null;
  const details: VisitDetails = {
    encounterDate: fields.date || null,
    specialty: caller === 'server' && fields.specialty.trim() ? fields.specialty.trim() : null,
    patientAge: /^\d{1,3}$/.test(age) ? Number(age) : null,
    patientDateOfBirth: fields.dateOfBirth || null,
    patientSex: sex,
    diagnoses: parseDiagnoses(fields.diagnoses).diagnoses,
    draftPlan: fields.draftPlan.trim() ? fields.draftPlan : null,
  };
  const given =
    details.encounterDate ??
    details.specialty ??
    details.patientAge ??
    details.patientDateOfBirth ??
    details.patientSex ??
    details.draftPlan;
  return given !== null || details.diagnoses.length > 0 ? details : null;
}

/** How many details are filled in (shown on the closed "Visit details" line). */
export function filledCount(fields: VisitDetailsFields): number {
  return Object.values(fields).filter((value) => value.trim() !== '').length;
}
