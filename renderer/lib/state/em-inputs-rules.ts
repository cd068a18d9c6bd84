/**
 * The E/M inputs a clinician sets before recomputing (`compute-em-codes`), checked before anything is sent:
 * a level of medical decision making or a total time (an emergency visit: a level), the time in whole
 * minutes within the bound. Plain TypeScript, unit-tested under Node.
 */
import { EM_TOTAL_MINUTES } from '../../../preload/contract/enums.ts';
import type { EmInputs } from '../../../preload/contract/index.ts';
import { words } from '../../../preload/words/window.ts';

/** The form's values: the minutes as typed (empty: not used). */
export interface EmInputsDraft {
  specialty: EmInputs['specialty'];
  patientType: EmInputs['patientType'];
  mdmLevel: EmInputs['mdmLevel'];
  minutes: string;
}

/** A draft from the inputs the service gave (or the defaults when it gave none). */
export function draftFrom(inputs: EmInputs | null, specialty: EmInputs['specialty']): EmInputsDraft {
  return {
    specialty: inputs?.specialty ?? specialty,
    patientType: inputs?.patientType ?? 'ESTABLISHED',
    mdmLevel: inputs?.mdmLevel ?? null,
    minutes: inputs?.totalMinutes == null ? '' : String(inputs.totalMinutes),
  };
}

/** The inputs to send, or the words saying what to fix first. */
export function checkDraft(
  draft: EmInputsDraft,
): { ok: true; inputs: EmInputs } | { ok: false; problem: string } {
  const t = words().codesMore;
  const typed = draft.minutes.trim();
  let totalMinutes: number | null = null;
  if (typed !== '') {
    const n = Number(typed);
    if (!/^\d+$/.test(typed) || n < EM_TOTAL_MINUTES.min || n > EM_TOTAL_MINUTES.max)
      return { ok: false, problem: t.minutesRange(EM_TOTAL_MINUTES.min, EM_TOTAL_MINUTES.max) };
    totalMinutes = n;
  }
  if (draft.specialty === 'EMERGENCY_MEDICINE' && draft.mdmLevel === null)
    return { ok: false, problem: t.emergencyNeedsLevel };
  if (draft.mdmLevel === null && totalMinutes === null) return { ok: false, problem: t.needLevelOrTime };
  return {
    ok: true,
    inputs: {
      specialty: draft.specialty,
      patientType: draft.patientType,
      mdmLevel: draft.mdmLevel,
      totalMinutes,
    },
  };
}
