/** Times as the screens show them: elapsed m:ss (past the hour too), a line's start m:ss or h:mm:ss. */
import { describe, expect, it } from 'vitest';
import { elapsedClock, lineClock } from '../../../renderer/lib/state/clock.ts';

describe('clock', () => {
  it('shows elapsed time as m:ss, minutes running past the hour', () => {
    expect(elapsedClock(0)).toBe('0:00');
    expect(elapsedClock(65_999)).toBe('1:05');
    expect(elapsedClock(3_600_000)).toBe('60:00');
  });

  it("shows a line's start as m:ss, and h:mm:ss from the first hour on", () => {
    expect(lineClock(0)).toBe('0:00');
    expect(lineClock(59_999)).toBe('0:59');
    expect(lineClock(754_000)).toBe('12:34');
    expect(lineClock(3_600_000)).toBe('1:00:00');
    expect(lineClock(2 * 3_600_000 + 5 * 60_000 + 9_000)).toBe('2:05:09');
  });
});
