/**
 * The status the Visit screen shows for an appointment. The service knows no "in progress" (its statuses:
 * PENDING, SCHEDULED, CANCELLED, FINALIZED, NO_SHOW), so the appointment a visit was started from says so
 * while that visit runs and, once it has ended, that it is still to be finalized (issue 31 item 10): not
 * "Scheduled" for a patient who has been seen.
 */
import type { VisitPhase } from '../../../preload/contract/visit-phase.ts';

/** A service status, or what this computer knows of the linked appointment's visit. */
export type ShownStatus = string | 'IN_VISIT' | 'VISIT_ENDED';

/** The phases of a visit that is running (recording, paused, or connecting or finishing). */
const RUNNING: readonly VisitPhase[] = ['starting', 'recording', 'paused', 'ending'];

/** The status to show for `appointment`, given the appointment the visit is linked to and its phase. */
export function shownStatus(
  appointment: { readonly id: string; readonly status: string },
  linkedId: string | null,
  phase: VisitPhase,
): ShownStatus {
  const open = appointment.status === 'SCHEDULED' || appointment.status === 'PENDING';
  if (!open || appointment.id !== linkedId) return appointment.status;
  if (RUNNING.includes(phase)) return 'IN_VISIT';
  return phase === 'ended' ? 'VISIT_ENDED' : appointment.status;
}
