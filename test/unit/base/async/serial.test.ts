/** The one serial-task chain: order, isolation of failures, results and exceptions back to their callers. */
import { describe, expect, it } from 'vitest';
import { SerialQueue } from '../../../../main/base/async/serial.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SerialQueue', () => {
  it('runs tasks one after another in the order given, never overlapping', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const first = deferred<void>();
    const a = queue.run(async () => {
      log.push('a start');
      await first.promise;
      log.push('a end');
      return 'A';
    });
    const b = queue.run(() => {
      log.push('b');
      return 'B';
    });
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    first.resolve();
    expect(await Promise.all([a, b])).toEqual(['A', 'B']);
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('gives a failure to its own caller only; the next task still runs', async () => {
    const queue = new SerialQueue();
    const failing = queue.run(async () => {
      throw new RangeError('task failed');
    });
    const throwingSync = queue.run(() => {
      throw new TypeError('sync failure');
    });
    const next = queue.run(async () => 'still runs');
    await expect(failing).rejects.toBeInstanceOf(RangeError);
    await expect(throwingSync).rejects.toBeInstanceOf(TypeError);
    await expect(next).resolves.toBe('still runs');
  });
});
