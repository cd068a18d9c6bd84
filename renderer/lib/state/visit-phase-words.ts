/** What the Visit screen says for each phase of the visit main pushed. */
import type { VisitPhase } from '../../../preload/contract/visit-phase.ts';

/** The phase as the person reads it, next to the recording buttons. */
export const VISIT_PHASE_TEXT: Readonly<Record<VisitPhase, string>> = {
  idle: 'Ready',
  starting: 'Connecting to the service…',
  recording: 'Recording',
  paused: 'Paused — nothing is being sent',
  ending: 'Finishing the transcript…',
  ended: 'Visit ended',
  failed: 'Stopped',
};
