/**
 * The desktop's change stream between streams (issue 34): it re-lists on every stream that opens, takes the
 * broker's hint (SSE `retry:`, `Retry-After`) as the least it waits, and spreads its waits at random over
 * [w, 2w], so the desktops a broker restart drops together do not come back together.
 */
import { describe, expect, it } from 'vitest';
import { watchChanges } from '../../../../main/features/schedule/change-stream.ts';

/** A broker that answers each attempt from `script` in turn, and the waits the desktop took. */
async function run(script: (() => Response)[], random: () => number) {
  const controller = new AbortController();
  const waits: number[] = [];
  let changes = 0;
  let attempt = 0;
  await new Promise<void>((done) => {
    watchChanges({
      url: new URL('https://broker.example.org/v1/events'),
      token: () => 'token',
      onChange: () => (changes += 1),
      signal: controller.signal,
      fetcher: () => Promise.resolve(script[attempt++]!()),
      random,
      wait: (ms) => {
        waits.push(ms);
        if (attempt >= script.length) {
          controller.abort();
          done();
        }
        return Promise.resolve();
      },
    });
  });
  return { waits, changes };
}

const stream = (text: string) => () =>
  new Response(text, { headers: { 'content-type': 'text/event-stream' } });
const refused = (status: number, retryAfter?: string) => () =>
  new Response('{}', { status, headers: retryAfter ? { 'retry-after': retryAfter } : {} });

describe('the change stream between streams', () => {
  it("waits at least the broker's hint, spread over up to twice it", async () => {
    const drained = stream(': connected\n\nevent: appointments-changed\ndata: {}\n\nretry: 5000\n\n');
    expect((await run([drained], () => 0)).waits).toEqual([5_000]);
    expect((await run([drained], () => 0.999)).waits[0]).toBeCloseTo(9_995);
    expect((await run([refused(503, '7')], () => 0.5)).waits).toEqual([10_500]);
  });

  it('re-lists on every stream that opens, and on every change event', async () => {
    const opened = stream(': connected\n\nevent: appointments-changed\ndata: {}\n\n');
    expect((await run([opened, refused(502), opened], () => 0)).changes).toBe(4);
  });

  it('after a dropped stream waits 2 s to 4 s; while refused, doubles up to a minute', async () => {
    const dropped = stream(': connected\n\n');
    const fails = Array.from({ length: 8 }, () => refused(502));
    expect((await run([dropped, ...fails], () => 0)).waits).toEqual([
      2_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('spreads three hundred desktops dropped together over the whole window', async () => {
    const starts = await Promise.all(
      Array.from({ length: 300 }, () => run([stream('retry: 5000\n\n')], Math.random)),
    );
    const waits = starts.map((s) => s.waits[0]!);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(5_000);
    expect(Math.max(...waits)).toBeLessThan(10_000);
    // No second of the window takes more than a third of them (even: a fifth each).
    const perSecond = [5, 6, 7, 8, 9].map((s) => waits.filter((w) => Math.floor(w / 1000) === s).length);
    expect(Math.max(...perSecond)).toBeLessThan(100);
  });
});
