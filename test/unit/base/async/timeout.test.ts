/** The one timeout race: the work's outcome when in time, the fallback otherwise, and the timer always gone. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from '../../../../main/base/async/timeout.ts';

afterEach(() => vi.useRealTimers());

describe('withTimeout', () => {
  it('settles as the work does when it is in time, and clears its timer', async () => {
    vi.useFakeTimers();
    await expect(withTimeout(Promise.resolve('done'), 1_000, 'late')).resolves.toBe('done');
    await expect(withTimeout(Promise.reject(new RangeError('x')), 1_000, 'late')).rejects.toBeInstanceOf(
      RangeError,
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves with the fallback once the time is up, and clears its timer', async () => {
    vi.useFakeTimers();
    const outcome = withTimeout(new Promise<string>(() => undefined), 1_000, 'late' as const);
    await vi.advanceTimersByTimeAsync(999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('late');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not keep the process alive while it waits', async () => {
    const pending = new Promise<void>(() => undefined);
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    void withTimeout(pending, 60_000, undefined);
    const timers = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    // An unref'd timer is not an active resource: the count did not grow.
    expect(timers).toBe(before);
  });
});
