/**
 * The service's notion of time. Tests inject `now()` or move time forward with `advance(ms)`; both
 * shift every expiry check (tokens, assertions, jobs, retention) together.
 */
export class ServiceClock {
  #offsetMs = 0;
  constructor(private readonly base: () => number = Date.now) {}

  /** Milliseconds since the epoch, as the service sees it. */
  now(): number {
    return this.base() + this.#offsetMs;
  }

  /** Seconds since the epoch (JWT time), rounded down. */
  nowSec(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Moves the service's time forward. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('advance takes a non-negative number of milliseconds');
    this.#offsetMs += ms;
  }
}
