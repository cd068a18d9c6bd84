/**
 * The service's time as this client knows it: the computer's clock plus the offset the service's `Date`
 * header showed. A clinician's computer is often minutes off; whatever is judged against the service's
 * clock (a client assertion's `iat` and `exp`) is built on this, never on the computer's clock alone.
 */

/** Offsets below this are the `Date` header's own one-second resolution, not a wrong clock. */
const NOISE_MS = 1_500;

/** The computer's clock and the service's, as far as answers have shown. */
export class ServiceClock {
  #offsetMs = 0;
  #known = false;

  constructor(private readonly localNow: () => number = Date.now) {}

  /** Milliseconds since the epoch on the service's clock (the computer's until an answer showed it). */
  now(): number {
    return this.localNow() + this.#offsetMs;
  }

  /** How far the service's clock is ahead of the computer's (negative: behind). */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Whether any answer has shown the service's time yet. */
  get known(): boolean {
    return this.#known;
  }

  /**
   * Learns the offset from an answer's `Date` header. The header has one-second resolution, so the sample
   * is taken mid-second and differences within that noise count as none. Absent or unreadable: unchanged.
   */
  observe(dateHeader: string | null | undefined): void {
    if (!dateHeader) return;
    const serviceMs = Date.parse(dateHeader);
    if (!Number.isFinite(serviceMs)) return;
    const sample = serviceMs + 500 - this.localNow();
    this.#offsetMs = Math.abs(sample) < NOISE_MS ? 0 : sample;
    this.#known = true;
  }
}
