/**
 * The service's notion of time. Tests inject `now()`, set a fixed offset from the computer's clock (a
 * service 10 minutes ahead of or behind the client), or move time forward with `advance(ms)`; all shift
 * every expiry check (tokens, assertions, jobs, retention) and the `Date` header of answers together.
 */
export class ServiceClock {
  #offsetMs: number;
  constructor(
    private readonly base: () => number = Date.now,
    offsetMs = 0,
  ) {
    if (!Number.isFinite(offsetMs)) throw new RangeError('the clock offset must be a finite number of ms');
    this.#offsetMs = offsetMs;
  }

  /** Milliseconds since the epoch, as the service sees it. */
  now(): number {
    return this.base() + this.#offsetMs;
  }

  /** Seconds since the epoch (JWT time), rounded down. */
  nowSec(): number {
    return Math.floor(this.now() / 1000);
  }

  /** The `Date` header value for an answer sent now (RFC 9110 IMF-fixdate). */
  httpDate(): string {
    return new Date(this.now()).toUTCString();
  }

  /** Moves the service's time forward. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('advance takes a non-negative number of milliseconds');
    this.#offsetMs += ms;
  }
}
