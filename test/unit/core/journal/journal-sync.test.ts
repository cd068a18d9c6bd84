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

  it("finish's flush waits for the flush a write started just before, then makes its own", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const pending: (() => void)[] = [];
    const fs = { sync: () => new Promise<void>((resolve) => pending.push(resolve)) } as unknown as JournalFs;
    const sync = new JournalSync(fs, '/journal');
    await vi.advanceTimersByTimeAsync(2_000);
    sync.wrote(); // the finish record, more than a second after the last flush: its flush starts at once
    expect(pending).toHaveLength(1);
    sync.wrote(); // one more write before finish flushes
    let flushed = false;
    const finished = sync.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(flushed).toBe(false); // not while the write's flush is still under way
    expect(pending).toHaveLength(1); // and never two at once
    pending[0]!();
    await vi.waitFor(() => expect(pending).toHaveLength(2)); // then the last write's own
    expect(flushed).toBe(false);
    pending[1]!();
    await finished;
    expect(flushed).toBe(true);
  });
});
