/** Push-to-talk holds on an insertion: while any is held (a modifier still down), nothing is written. */
import { delay } from '../../../base/async/delay.ts';

export class InsertionHolds {
  #count = 0;

  /** `onRelease` runs each time a hold is released (the insertion resumes). */
  constructor(private readonly onRelease: () => void) {}

  get held(): boolean {
    return this.#count > 0;
  }

  /** A hold; the returned function releases it (once). */
  take(): () => void {
    this.#count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#count--;
      this.onRelease();
    };
  }

  /** Waits for every hold to be released, at most `ms` (a key-up lost while focus changed); then drops them. */
  async released(ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (this.#count > 0 && Date.now() < end) await delay(20);
    this.#count = 0;
  }
}
