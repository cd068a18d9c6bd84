/**
 * How long a session keeps trying after drops: capped, jittered backoff between attempts (retry.ts) and
 * budgets for the failures that retrying cannot fix.
 *
 * - A dropped network, a timeout, a 5xx or a non-fatal close is retried for as long as the session is meant
 *   to record: giving up would stop the recording, and a clinician's words must not be lost to an outage of
 *   any length (the kept audio lives in the journal meanwhile, so memory stays bounded). Only once the visit
 *   is ending does a budget apply, so `end()` cannot wait forever; what is left stays in the journal.
 * - Error frames: a service that keeps refusing the same CONFIG will not start accepting it.
 * - 401 at the upgrade: the token is renewed, but a service that refuses every renewed token too (a revoked
 *   sign-in) must not get a renew-and-reconnect loop: a few renewals in a row without a socket opening, with
 *   backoff between them, then the session fails as "sign in again".
 */
import { backoffDelay } from '../api/transport/retry.ts';
import type { StreamingError } from './streaming-error.ts';

/** Consecutive error frames without progress before the session gives up. */
const MAX_SERVICE_ERRORS = 3;
/** Token renewals in a row without a socket opening before the sign-in counts as refused. */
const MAX_RENEWALS = 2;
/** Attempts without progress while ending (the recording has stopped; the journal keeps the rest). */
const ENDING_MAX_ATTEMPTS = 12;

export interface ReconnectPolicy {
  baseMs?: number;
  capMs?: number;
  /**
   * Attempts without progress before the session fails (its journal stays recoverable). Unset: no limit
   * while recording, 12 while ending. Set only where giving up is acceptable (tools, tests).
   */
  maxAttempts?: number;
}

/** The reconnect bookkeeping of one session. */
export class ReconnectBudget {
  #attempt = 0;
  #serviceErrors = 0;
  #renewals = 0;
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

  /** A socket opened and took CONFIG: the sign-in works. */
  opened(): void {
    this.#renewals = 0;
  }

  /** A drop: false when the budget is spent and the session must fail. */
  dropped(error: StreamingError, progress: boolean, ending: boolean): boolean {
    if (progress) this.progressed();
    if (error.code === 'service_error') this.#serviceErrors++;
    this.#attempt++;
    const maxAttempts = this.policy.maxAttempts ?? (ending ? ENDING_MAX_ATTEMPTS : Infinity);
    return this.#attempt <= maxAttempts && this.#serviceErrors < MAX_SERVICE_ERRORS;
  }

  /**
   * Whether a 401 with `token` deserves a renewal: never twice for one token, and at most MAX_RENEWALS in a
   * row without a socket opening. A renewal after the first counts as an attempt, so backoff applies.
   */
  mayRenew(token: string): boolean {
    if (this.#renewedToken === token || this.#renewals >= MAX_RENEWALS) return false;
    this.#renewedToken = token;
    if (this.#renewals++ > 0) this.#attempt++;
    return true;
  }

  /** The renewal of the last token could not reach the sign-in service: it may be tried again. */
  renewalUnreachable(): void {
    this.#renewedToken = undefined;
    this.#renewals = Math.max(0, this.#renewals - 1);
  }

  /** The wait before the next attempt. */
  delayMs(): number {
    const policy = { baseMs: this.policy.baseMs ?? 500, capMs: this.policy.capMs ?? 30_000 };
    return backoffDelay(Math.max(0, this.#attempt - 1), policy, this.random);
  }
}
