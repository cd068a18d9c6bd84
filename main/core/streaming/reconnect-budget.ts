/**
 * How long a session keeps trying after drops: capped, jittered backoff between attempts (retry.ts) and
 * budgets for the failures that retrying cannot fix.
 *
 * - Until a first socket has taken CONFIG, a few attempts only (START_MAX_ATTEMPTS): nobody knows yet that
 *   the service is reachable at all, and Start (or `scribe transcribe`) must answer "cannot connect" rather
 *   than sit at "Starting…" forever. Audio given meanwhile is in the journal, which stays recoverable.
 * - After that, a dropped network, a timeout, a 5xx or a non-fatal close is retried for as long as the
 *   session is meant to record: giving up would stop the recording, and a clinician's words must not be lost
 *   to an outage of any length (the kept audio lives in the journal meanwhile, so memory stays bounded).
 *   Once the visit is ending a fresh budget applies (attempts made while recording do not count against
 *   it), so `end()` cannot wait forever; what is left stays in the journal.
 * - Every attempt after a failure waits: at least half of its backoff ceiling, so no random draw makes a
 *   tight loop.
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
/**
 * Failed attempts before the first socket ever opened: with the default backoff (0.5 s doubling) the waits
 * add up to 16-32 s before start() rejects.
 */
export const START_MAX_ATTEMPTS = 6;
/** Attempts without progress while ending (the recording has stopped; the journal keeps the rest). */
const ENDING_MAX_ATTEMPTS = 12;

export interface ReconnectPolicy {
  baseMs?: number;
  capMs?: number;
  /**
   * Attempts without progress before the session fails (its journal stays recoverable). Unset: 6 before
   * the first socket opened, then no limit while recording, 12 while ending. Set only where giving up is acceptable (tools, tests).
   */
  maxAttempts?: number;
}

/** The reconnect bookkeeping of one session. */
export class ReconnectBudget {
  #attempt = 0;
  #serviceErrors = 0;
  #renewals = 0;
  #renewedToken: string | undefined;
  #everOpened = false;

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
    this.#everOpened = true;
  }

  /** Whether a socket has ever taken CONFIG in this session. */
  get everOpened(): boolean {
    return this.#everOpened;
  }

  /** The visit is ending: its budget starts fresh, whatever an outage while recording used up. */
  ending(): void {
    this.#attempt = 0;
  }

  /** A drop: false when the budget is spent and the session must fail. */
  dropped(error: StreamingError, progress: boolean, ending: boolean): boolean {
    if (progress) this.progressed();
    if (error.code === 'service_error') this.#serviceErrors++;
    this.#attempt++;
    const maxAttempts =
      this.policy.maxAttempts ??
      (!this.#everOpened ? START_MAX_ATTEMPTS : ending ? ENDING_MAX_ATTEMPTS : Infinity);
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

  /** The wait before the next attempt: half its ceiling, plus a random part of the other half. */
  delayMs(): number {
    const half = { baseMs: (this.policy.baseMs ?? 500) / 2, capMs: (this.policy.capMs ?? 30_000) / 2 };
    const attempt = Math.max(0, this.#attempt - 1);
    const floor = Math.min(half.capMs, half.baseMs * 2 ** attempt);
    return Math.round(floor + backoffDelay(attempt, half, this.random));
  }
}
