import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalFs } from '../../../../main/core/journal/journal-fs.ts';
import { JournalSync } from '../../../../main/core/journal/journal-sync.ts';

afterEach(() => vi.useRealTimers());

/** A JournalSync over a file system that only counts its flushes, on fake timers and a fake clock. */
function countingSync(): { sync: JournalSync; flushes: () => number } {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  let flushes = 0;
  const fs = { sync: async () => void flushes++ } as unknown as JournalFs;
  return { sync: new JournalSync(fs, '/journal'), flushes: () => flushes };
}

describe('JournalSync', () => {
  it('while writes keep coming, a write starts the flush before it is due: no timer of its own wakes up', async () => {
    const { sync, flushes } = countingSync();
    for (let t = 0; t < 3_000; t += 100) {
      sync.wrote(); // a chunk every 100 ms
      const byWrites = flushes();
      await vi.advanceTimersByTimeAsync(100);
      expect(flushes()).toBe(byWrites); // no flush between two writes: no timer fired
    }
    expect(flushes()).toBeGreaterThanOrEqual(3); // still about once a second
    expect(flushes()).toBeLessThanOrEqual(4);
  });

  it('writes that stop are flushed within the second by the timer, and only once', async () => {
    const { sync, flushes } = countingSync();
    await vi.advanceTimersByTimeAsync(2_000);
    sync.wrote(); // more than a second since the last flush: at once
    expect(flushes()).toBe(1);
    sync.wrote(); // the last write: a second of room left, so it waits for the timer
    expect(flushes()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(flushes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flushes()).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(flushes()).toBe(2);
  });
});
