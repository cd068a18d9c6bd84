/**
 * The Visit screen's elapsed time between main's pushes: main's figure at once, then counted on from it
 * while the clock runs, from the time since the push only; a pause or a new push stops or restarts it.
 * Driven by a hand-moved clock (no real timers, no sleeps).
 */
import { describe, expect, it } from 'vitest';
import { ElapsedTicker, type TickClock } from '../../../renderer/lib/state/elapsed-ticker.ts';
import { LOCALES } from '../../../preload/words/index.ts';
import { VISIT_PHASES } from '../../../preload/contract/enums.ts';

/** A clock moved by hand; its timers fire as `advance` passes their times. */
class HandClock implements TickClock {
  #now = 1_000_000;
  #timers = new Set<{ every: number; next: number; tick: () => void }>();

  now(): number {
    return this.#now;
  }
  every(ms: number, tick: () => void): () => void {
    const timer = { every: ms, next: this.#now + ms, tick };
    this.#timers.add(timer);
    return () => void this.#timers.delete(timer);
  }
  get running(): number {
    return this.#timers.size;
  }
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = [...this.#timers].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.#now = due.next;
      due.next += due.every;
      due.tick();
    }
    this.#now = end;
  }
}

function ticker() {
  const clock = new HandClock();
  const shown: number[] = [];
  const t = new ElapsedTicker((ms) => shown.push(ms), clock);
  return { clock, shown, t, last: () => shown.at(-1) };
}

describe('ElapsedTicker', () => {
  it("shows main's figure at once and counts on from it every half second while the clock runs", () => {
    const { clock, shown, t, last } = ticker();
    t.follow(61_000, true);
    expect(shown).toEqual([61_000]);
    clock.advance(499);
    expect(shown).toEqual([61_000]);
    clock.advance(1_501);
    expect(shown).toEqual([61_000, 61_500, 62_000, 62_500, 63_000]);
    // A push: its figure replaces the local count (main's time wins), and counting goes on from it.
    t.follow(62_800, true);
    expect(last()).toBe(62_800);
    clock.advance(500);
    expect(last()).toBe(63_300);
    expect(clock.running).toBe(1);
  });

  it('stands still while the clock does not run (paused, ended), and stops on stop()', () => {
    const { clock, shown, t } = ticker();
    t.follow(10_000, true);
    clock.advance(1_000);
    t.follow(11_000, false); // paused: main's figure, no counting
    clock.advance(5_000);
    expect(shown).toEqual([10_000, 10_500, 11_000, 11_000]);
    expect(clock.running).toBe(0);
    t.follow(11_000, true);
    t.stop();
    clock.advance(5_000);
    expect(shown.at(-1)).toBe(11_000);
    expect(clock.running).toBe(0);
  });

  it('runs on the system clock by default', () => {
    const shown: number[] = [];
    const t = new ElapsedTicker((ms) => shown.push(ms));
    t.follow(5_000, false);
    t.stop();
    expect(shown).toEqual([5_000]);
  });
});

describe('the visit phases’ words', () => {
  it.each(Object.entries(LOCALES))('has words for every phase in %s', (_, locale) => {
    const phases = locale.ui.visit.phase;
    expect(Object.keys(phases).sort()).toEqual([...VISIT_PHASES].sort());
    for (const phase of VISIT_PHASES) expect(phases[phase]).not.toBe('');
  });
});
