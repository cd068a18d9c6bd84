/**
 * The visit's phase with its data, the state pushed to the renderer, the elapsed-time clock and the
 * transcript: every change goes through `go` (one transition of preload/contract/visit-phase.ts, an
 * impossible one throws) or `set` (the rest of the state), and each one is pushed as `visit:state`.
 */
import { type ErrorCode, type FailureNote, type VisitState } from '../../../preload/contract/index.ts';
import { nextVisitPhase, type VisitEvent, type VisitPhase } from '../../../preload/contract/visit-phase.ts';
import { TranscriptStore } from './transcript-store.ts';
import { VisitClock } from './visit-clock.ts';
import { Connecting, initialState } from './visit-phase-data.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';

/** One visit's pushed state. */
export class VisitStatus {
  readonly #emit: EmitEvent;
  readonly clock: VisitClock;
  readonly transcript = new TranscriptStore();
  #state: VisitState = initialState(false);
  /** The data of the `starting` phase (kept through the `ending` it may lead to); null in any other. */
  #connecting: Connecting | null = null;
  /** The count of final items in the last pushed state. */
  #pushedFinals = 0;

  constructor(emit: EmitEvent, now: () => number) {
    this.#emit = emit;
    this.clock = new VisitClock(now);
  }

  /** The current state (elapsed time computed now). */
  get state(): VisitState {
    return { ...this.#state, elapsedMs: this.clock.elapsedMs, finalItems: this.transcript.finalCount };
  }

  get phase(): VisitPhase {
    return this.#state.phase;
  }

  /** The connecting session's data while `starting` (or `ending` from it); null otherwise. */
  get connecting(): Connecting | null {
    return this.#connecting;
  }

  /** Enters `starting` with a fresh state (and a fresh clock). */
  begin(sample: boolean, patch: Partial<VisitState>): Connecting {
    this.#fresh(sample, patch);
    this.go('start');
    this.#connecting = new Connecting();
    return this.#connecting;
  }

  /** Leaves the visit by `event` (`restore`, `discard`) with a fresh state. */
  replace(event: 'restore' | 'discard', patch: Partial<VisitState> = {}): void {
    this.#fresh(false, patch);
    this.go(event);
  }

  #fresh(sample: boolean, patch: Partial<VisitState>): void {
    this.clock.reset();
    this.#state = { ...initialState(sample), ...patch, phase: this.#state.phase };
  }

  /** Applies one transition of the table (an impossible one throws) and pushes the new state. */
  go(event: VisitEvent, patch: Partial<VisitState> = {}): void {
    const phase = nextVisitPhase(this.#state.phase, event);
    if (phase !== 'starting' && phase !== 'ending') this.#connecting = null;
    this.#state = { ...this.#state, ...patch, phase };
    this.#push();
  }

  /** The visit failed for good, for this reason (a code, or a code and its params). */
  fail(failure: ErrorCode | FailureNote): void {
    this.go('fail', {
      connection: 'offline',
      error: typeof failure === 'string' ? { code: failure } : failure,
    });
  }

  /**
   * Changes the rest of the state (never the phase) and pushes it, only when something the renderer shows
   * changed: the session reports its health on every ack (ten times a second), mostly unchanged, and the
   * renderer counts the elapsed time itself.
   */
  set(patch: Partial<Omit<VisitState, 'phase'>>): void {
    const before = this.#state;
    this.#state = { ...before, ...patch };
    const changed = (Object.keys(patch) as (keyof typeof patch)[]).some(
      (key) => !Object.is(before[key], patch[key]),
    );
    if (changed || this.transcript.finalCount !== this.#pushedFinals) this.#push();
  }

  #push(): void {
    const state = this.state;
    this.#pushedFinals = state.finalItems;
    this.#emit('visit:state', state);
  }

  /** Pushes the transcript's changes since the last push (nothing when there are none). */
  flush(): void {
    const items = this.transcript.takePending();
    if (items.length > 0) this.#emit('visit:transcript', { items });
  }
}
