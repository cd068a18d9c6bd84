/**
 * The phases of a streaming session as a transition table. A session changes phase only through
 * SessionMachine.to(), so a transition the table does not name is a bug and throws instead of leaving the
 * session in a state nobody planned for.
 *
 *   idle → connecting → configuring → streaming → ending → closed
 *   a drop: any connected phase → reconnecting → configuring (or connecting after a token renewal)
 *   pause: streaming → ending → paused → connecting (resume); every live phase may end in closed or failed
 */
import type { SessionState } from './session-types.ts';
import { Emitter } from '../../base/async/emitter.ts';
import { StreamingError } from './streaming-error.ts';

/** Phases a session may move to from each phase. `closed` and `failed` are final. */
export const SESSION_TRANSITIONS: Readonly<Record<SessionState, readonly SessionState[]>> = {
  idle: ['connecting', 'closed'],
  connecting: ['configuring', 'reconnecting', 'paused', 'closed', 'failed'],
  configuring: ['streaming', 'ending', 'reconnecting', 'paused', 'closed', 'failed'],
  streaming: ['ending', 'reconnecting', 'paused', 'closed', 'failed'],
  reconnecting: ['configuring', 'connecting', 'paused', 'closed', 'failed'],
  ending: ['connecting', 'reconnecting', 'paused', 'closed', 'failed'],
  paused: ['connecting', 'reconnecting', 'closed', 'failed'],
  closed: [],
  failed: [],
};

/** Whether the table allows `from → to`. Staying in a phase is not a transition. */
export function canTransition(from: SessionState, to: SessionState): boolean {
  return SESSION_TRANSITIONS[from].includes(to);
}

/** True while the session has started and not yet closed or failed. */
export function isLive(state: SessionState): boolean {
  return state !== 'idle' && state !== 'closed' && state !== 'failed';
}

/** The current phase; changes only along the table. */
export class SessionMachine {
  #state: SessionState = 'idle';
  readonly #changed = new Emitter<SessionState>();

  constructor(
    private readonly onChange: (state: SessionState) => void,
    /** Why the session failed, once it has. */
    private readonly failure: () => StreamingError | undefined,
  ) {}

  get state(): SessionState {
    return this.#state;
  }

  /** Moves to `next` (false when already there); an impossible transition throws. */
  to(next: SessionState): boolean {
    if (next === this.#state) return false;
    if (!canTransition(this.#state, next))
      throw new Error(`Impossible session transition ${this.#state} → ${next}.`);
    this.#state = next;
    this.#changed.emit(next);
    this.onChange(next);
    return true;
  }

  /** Resolves once `reached` holds; rejects when the session fails or closes first. */
  until(reached: (state: SessionState) => boolean): Promise<void> {
    if (reached(this.#state)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.#changed.on((state) => {
        if (reached(state)) resolve();
        else if (state === 'failed') reject(this.failure());
        else if (state === 'closed') reject(new StreamingError('invalid_state', 'The session closed.'));
        else return;
        off();
      });
    });
  }
}
