/**
 * An instance's change streams get their keep-alives from one timer (issue 34), each stream one a period,
 * spread over the period rather than all at once; the timer stops with the last stream; draining ends them all.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventStreams } from '../../../../main/programs/broker/event-streams.ts';

const PERIOD_MS = 25_000;

function stream() {
  return { keepAlive: vi.fn(), close: vi.fn() };
}

describe("an instance's change streams", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps every stream alive once a period, with one timer, spread over the period', () => {
    const streams = new EventStreams();
    // Opened one every half second, as desktops come in: each stream's keep-alive times.
    const times = Array.from({ length: 50 }, (_, i) => {
      if (i > 0) vi.advanceTimersByTime(500);
      const at: number[] = [Date.now()];
      streams.hold({ keepAlive: () => at.push(Date.now()), close: () => {} });
      return at;
    });
    expect(vi.getTimerCount()).toBe(1);
    expect(streams.size).toBe(50);
    vi.advanceTimersByTime(2 * PERIOD_MS);
    for (const [opened, first, second] of times) {
      expect(first! - opened!).toBeGreaterThan(PERIOD_MS - 1_000);
      expect(first! - opened!).toBeLessThanOrEqual(PERIOD_MS);
      expect(second! - first!).toBe(PERIOD_MS);
    }
    expect(new Set(times.map((at) => at[1])).size).toBeGreaterThanOrEqual(20);
  });

  it('waits a whole period before a new stream’s first keep-alive', () => {
    const streams = new EventStreams();
    const s = stream();
    streams.hold(s);
    vi.advanceTimersByTime(PERIOD_MS - 1_001);
    expect(s.keepAlive).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_001);
    expect(s.keepAlive).toHaveBeenCalledTimes(1);
  });

  it('stops its timer with the last stream, and keeps no forgotten stream alive', () => {
    const streams = new EventStreams();
    const a = stream();
    const b = stream();
    const forgetA = streams.hold(a);
    const forgetB = streams.hold(b);
    forgetA();
    forgetA();
    expect(streams.size).toBe(1);
    vi.advanceTimersByTime(PERIOD_MS);
    expect(a.keepAlive).not.toHaveBeenCalled();
    expect(b.keepAlive).toHaveBeenCalledTimes(1);
    forgetB();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends every stream with the hint when draining, and refuses new ones', () => {
    const streams = new EventStreams();
    const held = [stream(), stream(), stream()];
    for (const s of held) streams.hold(s);
    streams.drain(5_000);
    for (const s of held) expect(s.close).toHaveBeenCalledWith(5_000);
    expect(() => streams.take('clinician')).toThrow();
  });
});
