/**
 * The visit's recording lifecycle as one transition table, and the predicates both processes read from it:
 * main applies the transitions (an impossible one is a bug and throws), the renderer only asks what the
 * phase main pushed allows. Kept free of zod (like enums.ts) so the renderer can import it.
 */
import type { VISIT_PHASES } from './enums.ts';

export type VisitPhase = (typeof VISIT_PHASES)[number];

/** What moves a visit from one phase to the next. */
export type VisitEvent =
  /** Start pressed: the inputs open and the session connects. */
  | 'start'
  /** The session streams. */
  | 'connected'
  | 'pause'
  | 'resume'
  /** End pressed, or the audio ran out: the inputs stop and the service finishes the transcript. */
  | 'end'
  /** The service sent every item. */
  | 'finished'
  /** The session could not start or failed for good. */
  | 'fail'
  /** A recovered visit's transcript is shown as an ended visit. */
  | 'restore'
  /** The visit is forgotten. */
  | 'discard';

const AFTER_A_VISIT = { start: 'starting', restore: 'ended', discard: 'idle' } as const;

/** Every allowed transition: phase → event → next phase. What is missing is impossible. */
export const VISIT_TRANSITIONS: Readonly<
  Record<VisitPhase, Readonly<Partial<Record<VisitEvent, VisitPhase>>>>
> = {
  idle: AFTER_A_VISIT,
  starting: { connected: 'recording', end: 'ending', fail: 'failed', discard: 'idle' },
  recording: { pause: 'paused', end: 'ending', fail: 'failed', discard: 'idle' },
  paused: { resume: 'recording', end: 'ending', fail: 'failed', discard: 'idle' },
  ending: { finished: 'ended', fail: 'failed', discard: 'idle' },
  ended: AFTER_A_VISIT,
  failed: AFTER_A_VISIT,
};

/** The phase after `event`; throws when the table does not allow it (a bug, never a person's choice). */
export function nextVisitPhase(phase: VisitPhase, event: VisitEvent): VisitPhase {
  const next = VISIT_TRANSITIONS[phase][event];
  if (next === undefined) throw new Error(`Impossible visit transition: ${event} while ${phase}.`);
  return next;
}

/** Whether `event` is allowed in `phase`. */
export function visitAllows(phase: VisitPhase, event: VisitEvent): boolean {
  return VISIT_TRANSITIONS[phase][event] !== undefined;
}

/** A visit is under way (the inputs or the session are in use): a new one cannot start. */
export function isVisitActive(phase: VisitPhase): boolean {
  return !visitAllows(phase, 'start');
}

export const canStartVisit = (phase: VisitPhase): boolean => visitAllows(phase, 'start');
export const canPauseVisit = (phase: VisitPhase): boolean => visitAllows(phase, 'pause');
export const canResumeVisit = (phase: VisitPhase): boolean => visitAllows(phase, 'resume');
/** End also stops a visit that is still connecting (perhaps offline). */
export const canEndVisit = (phase: VisitPhase): boolean => visitAllows(phase, 'end');

/** The session has connected and the visit is not over: what the banner says about the connection applies. */
export const isVisitLive = (phase: VisitPhase): boolean =>
  phase === 'recording' || phase === 'paused' || phase === 'ending';
