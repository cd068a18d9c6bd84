/**
 * The Note screen's visit details (the contract's DTO) as the request builder's VisitContext: the visit's
 * date (the day it was recorded unless the clinician names another), the specialty (server connections
 * only), the patient's demographics, the encounter's diagnoses and the clinician's draft plan as a DRAFT
 * source note of the kind the template accepts.
 */
import type { VisitDetails } from '../../../preload/contract/index.ts';
import type { CallerKind } from '../../core/api/protocol.ts';
import type { PatientDemographics, SourceNote, VisitContext } from '../../core/api/schemas/visit-context.ts';
import { LimitError } from '../../core/api/limits.ts';

/** The local calendar date (YYYY-MM-DD) of an instant: the day the clinician saw the patient. */
export function localDate(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The source-note kind a draft plan is sent as: the merged ASSESSMENT_AND_PLAN where the template takes
 * it, else PLAN, else ASSESSMENT; a template that takes none (its kinds are known and empty) is refused.
 */
export function draftKindFor(kinds: readonly string[] | null): string {
  if (kinds === null) return 'ASSESSMENT_AND_PLAN';
  for (const kind of ['ASSESSMENT_AND_PLAN', 'PLAN', 'ASSESSMENT']) if (kinds.includes(kind)) return kind;
  throw new LimitError('draft_not_accepted', 'source_note');
}

function patientOf(details: VisitDetails): PatientDemographics | undefined {
  const patient: PatientDemographics = {
    ...(details.patientAge !== null ? { age: details.patientAge } : {}),
    ...(details.patientDateOfBirth ? { date_of_birth: details.patientDateOfBirth } : {}),
    ...(details.patientSex ? { sex: details.patientSex } : {}),
  };
  return Object.keys(patient).length > 0 ? patient : undefined;
}

function draftOf(text: string | null, kind: () => string): SourceNote | undefined {
  if (!text?.trim()) return undefined;
  return { type: 'DRAFT', sections: [{ kind: kind() as 'PLAN', content: { type: 'TEXT', text } }] };
}

/**
 * The request's visit context. `visitDate` is the day the visit was recorded (null when unknown: the
 * service then uses today); `draftKind` is asked only when there is a draft.
 */
export function visitContextFrom(
  details: VisitDetails | null | undefined,
  options: { caller: CallerKind; visitDate: string | null; draftKind: () => string },
): VisitContext {
  const encounterDate = details?.encounterDate ?? options.visitDate;
  if (!details) return encounterDate ? { encounterDate } : {};
  const patient = patientOf(details);
  const diagnoses = details.diagnoses
    .map((d) => ({ code: d.code.trim(), ...(d.display.trim() ? { display: d.display.trim() } : {}) }))
    .filter((d) => d.code !== '');
  const sourceNote = draftOf(details.draftPlan, options.draftKind);
  const specialty = options.caller === 'server' ? details.specialty?.trim() : undefined;
  return {
    ...(encounterDate ? { encounterDate } : {}),
    ...(specialty ? { specialty } : {}),
    ...(patient ? { patient } : {}),
    ...(diagnoses.length > 0 ? { diagnoses } : {}),
    ...(sourceNote ? { sourceNote } : {}),
  };
}
