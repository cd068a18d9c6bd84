import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { insertAfter, quietAfter, READ_QUIET, watchReads } from '../../../native/x11/clipboard-reads.ts';

const unknown = { requests: 0, longestGapMs: 0 };
const chromium = { requests: 3, longestGapMs: 80 };

describe('the quiet time before a paste counts as read (X11)', () => {
  it('is longest for the first paste into a target, of which nothing is known yet', () => {
    const first = quietAfter(unknown, { served: 1, firstLatencyMs: 10, longestGapMs: 0 });
    const later = quietAfter(chromium, { served: 3, firstLatencyMs: 10, longestGapMs: 20 });
    expect(first).toBe(READ_QUIET.firstFloorMs);
    expect(later).toBe(READ_QUIET.floorMs);
    expect(first).toBeGreaterThan(later);
  });

  it('waits the ceiling while fewer requests have come than this target takes per paste', () => {
    expect(quietAfter(chromium, { served: 2, firstLatencyMs: 10, longestGapMs: 20 })).toBe(
      READ_QUIET.ceilingMs,
    );
  });

  it('grows with the waits between requests this target has shown (a loaded machine)', () => {
    const slow = { requests: 3, longestGapMs: 450 };
    expect(quietAfter(slow, { served: 3, firstLatencyMs: 10, longestGapMs: 0 })).toBe(1350);
    expect(quietAfter(chromium, { served: 3, firstLatencyMs: 10, longestGapMs: 500 })).toBe(1500);
    expect(quietAfter(chromium, { served: 3, firstLatencyMs: 700, longestGapMs: 0 })).toBe(1400);
  });

  it('never waits past the ceiling', () => {
    expect(quietAfter(chromium, { served: 3, firstLatencyMs: 5000, longestGapMs: 5000 })).toBe(
      READ_QUIET.ceilingMs,
    );
  });

  it('adds time for the page to insert, except where the target is known to read once per paste', () => {
    const tk = { requests: 1, longestGapMs: 0 };
    expect(insertAfter(tk, { served: 1 })).toBe(0); // Tk: its one read is its paste
    expect(insertAfter(unknown, { served: 1 })).toBe(READ_QUIET.insertMs); // the first paste: nothing known
    expect(insertAfter(chromium, { served: 3 })).toBe(READ_QUIET.insertMs);
    expect(insertAfter(tk, { served: 2 })).toBe(READ_QUIET.insertMs); // it read twice this time
  });
});

describe('watchReads: when an xclip writer’s paste counts as read', () => {
  /** A writer that logs as `xclip -verbose` does, and the paste it was given. */
  function writer(history: { requests: number; longestGapMs: number }) {
    const child = Object.assign(new EventEmitter(), {
      stdout: new EventEmitter(),
      stderr: new EventEmitter(),
    });
    const reads = watchReads(child as unknown as ChildProcess, history);
    let pasted: boolean | undefined;
    void reads.pasted.then((p) => (pasted = p));
    const log = (n: number) =>
      child.stderr.emit('data', Buffer.from(`  Waiting for selection request number ${n}\n`));
    log(1);
    reads.owned();
    return { log, pasted: () => pasted };
  }

  it('a first paste read three times counts as read only after the quiet time and the page’s insert time', async () => {
    vi.useFakeTimers();
    try {
      const w = writer({ requests: 0, longestGapMs: 0 });
      for (const n of [2, 3, 4]) w.log(n);
      await vi.advanceTimersByTimeAsync(READ_QUIET.firstFloorMs + 100);
      expect(w.pasted()).toBeUndefined(); // reads over, the page may not have inserted yet
      await vi.advanceTimersByTimeAsync(READ_QUIET.insertMs);
      expect(w.pasted()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a target known to read once (Tk) counts as read after the quiet time alone', async () => {
    vi.useFakeTimers();
    try {
      const w = writer({ requests: 1, longestGapMs: 0 });
      w.log(2);
      await vi.advanceTimersByTimeAsync(READ_QUIET.floorMs + 100);
      expect(w.pasted()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
