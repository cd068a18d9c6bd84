/** The one delay: waits on Node's timers, resolves early (never rejects) when aborted. */
import { describe, expect, it } from 'vitest';
import { delay } from '../../../../main/base/async/delay.ts';

describe('delay', () => {
  it('waits at least the time asked', async () => {
    const started = performance.now();
    await delay(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
  });

  it('resolves, not rejects, when aborted during the wait: a stop is not an error', async () => {
    const abort = new AbortController();
    const slept = delay(60_000, abort.signal);
    abort.abort(new Error('stopped'));
    await expect(slept).resolves.toBeUndefined();
  });

  it('does not wait at all when already aborted, or for no time', async () => {
    const abort = new AbortController();
    abort.abort();
    let done = false;
    const waits = [delay(60_000, abort.signal), delay(0), delay(-5)].map((p) => p.then(() => (done = true)));
    await Promise.resolve();
    await Promise.all(waits);
    expect(done).toBe(true);
  });

  it('callers that must stop ask the signal: the reason is what they throw', async () => {
    const abort = new AbortController();
    const reason = new Error('cancelled by the caller');
    const waited = (async () => {
      await delay(60_000, abort.signal);
      abort.signal.throwIfAborted();
    })();
    abort.abort(reason);
    await expect(waited).rejects.toBe(reason);
  });
});
