/**
 * What the visit recorder keeps beside the phase: the state it pushes, and the data of the `starting`
 * phase (a session connecting, and what happened to it meanwhile). None of it outlives its phase.
 */
import type { ErrorCode, FailureNote, VisitState } from '../../../preload/contract/index.ts';
import type { LiveSession } from './ports.ts';

/** A visit with nothing recorded yet. */
export function initialState(sample: boolean): VisitState {
  return {
    phase: 'idle',
    connection: 'connected',
    nothingLost: true,
    sample,
    elapsedMs: 0,
    finalItems: 0,
    error: null,
    inputWarnings: [],
    armed: false,
  };
}

/** The `starting` phase's data: one per Start, dropped when the visit records, ends or fails. */
export class Connecting {
  /** The session, once the transcriber returned it. */
  session: LiveSession | null = null;
  /** Every audio stream ended before the session streamed (a short or fast recording). */
  audioEnded: { code: ErrorCode | null } | null = null;
  /** Why the session failed while connecting (reported before its start rejects). */
  failure: FailureNote | null = null;
  /** End came while connecting: the visit stops once this settles. */
  abandoned: Promise<void> | null = null;
  /** Settles when End comes while connecting, whatever the session does with its start. */
  readonly ended: Promise<void>;
  readonly end: () => void;

  constructor() {
    let end!: () => void;
    this.ended = new Promise<void>((resolve) => (end = resolve));
    this.end = end;
  }

  /** What an abandoned start says: a refused sign-in or a full disk is named; the rest is the service. */
  abandonFailure(kept: boolean): FailureNote {
    const named: readonly ErrorCode[] = ['auth_failed', 'clock_wrong', 'permission_denied', 'disk_full'];
    if (this.failure && named.includes(this.failure.code)) return this.failure;
    return { code: kept ? 'service_unreachable_kept' : 'service_unreachable' };
  }
}
