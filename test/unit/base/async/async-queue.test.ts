/** The one async queue: order, waiting readers, the end after the items, failure, hold, trim, cancel. */
import { describe, expect, it } from 'vitest';
import { AsyncQueue } from '../../../../main/base/async/async-queue.ts';

/** Collects what an iteration yields, and how it ended. */
async function drain<T>(queue: AsyncIterable<T>): Promise<{ items: T[]; error?: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of queue) items.push(item);
    return { items };
  } catch (error) {
    return { items, error };
  }
}

/** Whether `promise` has settled once pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('AsyncQueue', () => {
  it('hands items over in order, then ends the iteration once ended and drained', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    queue.push(2);
    const read = drain(queue);
    queue.push(3);
    queue.end();
    expect(queue.push(4)).toBe(false); // nothing after the end
    expect(await read).toEqual({ items: [1, 2, 3] });
    expect(await queue.take()).toBeUndefined();
  });

  it('a reader waiting on an empty queue wakes on push, and on an end with nothing left', async () => {
    const queue = new AsyncQueue<string>();
    const first = queue.take();
    expect(await settled(first)).toBe(false);
    queue.push('a');
    expect(await first).toBe('a');
    const second = queue.take();
    expect(await settled(second)).toBe(false);
    queue.end(); // closed while waiting
    expect(await second).toBeUndefined();
  });

  it('every waiting reader wakes; each item goes to exactly one of them', async () => {
    const queue = new AsyncQueue<number>();
    const readers = [queue.take(), queue.take(), queue.take()];
    queue.push(1);
    queue.push(2);
    queue.end();
    expect((await Promise.all(readers)).sort()).toEqual([1, 2, undefined]);
  });

  it('a failure reaches the reader only after the items queued before it', async () => {
    const queue = new AsyncQueue<number>();
    const error = new Error('device lost');
    queue.push(1);
    queue.fail(error);
    queue.end(); // the first end wins
    expect(await drain(queue)).toEqual({ items: [1], error });
  });

  it('held, nothing leaves and the end waits; released, the kept items come first', async () => {
    const queue = new AsyncQueue<number>();
    queue.hold(true);
    queue.push(1);
    queue.end();
    const read = drain(queue);
    expect(await settled(read)).toBe(false);
    queue.hold(false);
    expect(await read).toEqual({ items: [1] });
  });

  it('dropOldest keeps the newest items and returns the others, oldest first', () => {
    const queue = new AsyncQueue<number>();
    for (let i = 1; i <= 5; i++) queue.push(i);
    expect(queue.dropOldest(2)).toEqual([1, 2, 3]);
    expect(queue.dropOldest(2)).toEqual([]);
    expect(queue.clear()).toEqual([4, 5]);
    expect(queue.length).toBe(0);
    expect(queue.ended).toBe(false);
  });

  it('cancel ends at once, dropping what is queued and any failure', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    queue.fail(new Error('read failed'));
    const waiting = new AsyncQueue<number>();
    const read = drain(waiting);
    expect(queue.cancel()).toEqual([1]);
    expect(await drain(queue)).toEqual({ items: [] });
    waiting.cancel();
    expect(await read).toEqual({ items: [] });
  });
});
