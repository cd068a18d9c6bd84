/**
 * The wall clock as a rune, ticking once a second only while something counts down to a time main gave
 * (the clipboard's clear, `DictationMessage.clipboard.at`): main and the window read the same computer clock.
 */
export class WallClock {
  #now = $state(Date.now());

  /** Wall-clock milliseconds, as of the last tick. */
  get now(): number {
    return this.#now;
  }

  /** Ticks every second from now on; returns the stop (what an `$effect` returns). */
  run(): () => void {
    this.#now = Date.now();
    const timer = setInterval(() => (this.#now = Date.now()), 1000);
    return () => clearInterval(timer);
  }
}
