/**
 * How long a session keeps trying after drops: capped, jittered backoff between attempts (retry.ts), a
 * budget of attempts that resets whenever the service acknowledges audio (progress), a smaller budget for
 * error frames (a service that keeps refusing the same CONFIG will not start accepting it), and one token
 * renewal per rejected token.
 */
import { backoffDelay } from '../api/transport/retry.ts';
import type { StreamingError } from './streaming-error.ts';

/** Consecutive error frames without progress before the session gives up. */
const MAX_SERVICE_ERRORS = 3;

export interface ReconnectPolicy {
  baseMs?: number;
  capMs?: number;
  /** Attempts without progress before the session fails (its journal stays recoverable). */
  maxAttempts?: number;
}

/** The reconnect bookkeeping of one session. */
export class ReconnectBudget {
  #attempt = 0;
  #serviceErrors = 0;
  #renewedToken: string | undefined;

  constructor(
    private readonly policy: ReconnectPolicy = {},
    private readonly random: () => number = Math.random,
  ) {}

  /** Attempts since the last progress (0 when connected and moving). */
  get attempt(): number {
    return this.#attempt;
  }

  /** The service acknowledged audio, or a socket ended cleanly. */
  progressed(): void {
    this.#attempt = 0;
    this.#serviceErrors = 0;
  }

  /** A drop: false when the budget is spent and the session must fail. */
  dropped(error: StreamingError, progress: boolean): boolean {
    if (progress) this.progressed();
    if (error.code === 'service_error') this.#serviceErrors++;
    this.#attempt++;
    return this.#attempt <= (this.policy.maxAttempts ?? 12) && this.#serviceErrors < MAX_SERVICE_ERRORS;
  }

  /** Whether a 401 with `token` deserves a renewal (once per token: a renewed token refused again is final). */
  mayRenew(token: string): boolean {
    if (this.#renewedToken === token) return false;
    this.#renewedToken = token;
    return true;
  }

  /** The wait before the next attempt. */
  delayMs(): number {
    const policy = { baseMs: this.policy.baseMs ?? 500, capMs: this.policy.capMs ?? 15_000 };
    return backoffDelay(Math.max(0, this.#attempt - 1), policy, this.random);
  }
}
