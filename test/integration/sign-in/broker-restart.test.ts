/**
 * A broker instance restarted during clinic (issue 34), with real processes behind a balancer, a real Redis
 * and desktops running the app's own change-stream code: stopped with SIGTERM, the instance says it is not
 * ready before its listener closes, ends its streams with a hint and answers the token exchanges in flight;
 * killed with SIGKILL, its desktops come back through the other. Either way a webhook delivered while it was
 * down reaches every desktop (the ones that were on it re-list when they reconnect), and nothing answers a
 * 5xx without Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle } from '../../harness/cli-bundle.ts';
import { until } from '../../harness/until.ts';
import { BALANCER, startClinic, startDesktops, type Clinic, type Desktop } from './clinic-rig.ts';

const DESKTOPS = 20;

let clinic: Clinic;
let desktops: Desktop[] = [];

beforeAll(async () => {
  clinic = await startClinic(cliBundle(), DESKTOPS, {
    SCRIBE_BROKER_DRAIN_SEC: '2',
    SCRIBE_BROKER_RATE_LIMIT: '100000',
  });
  desktops = await startDesktops(clinic, DESKTOPS);
  await until(() => desktops.every((d) => d.changes.length > 0), 'every desktop listening');
}, 60_000);
afterAll(async () => {
  for (const desktop of desktops) desktop.stop();
  await clinic?.close();
});

/** Token exchanges through the balancer, back to back, until `stop`; each answer's status. */
function exchangesUntil(stop: { done: boolean }): Promise<number[]> {
  const statuses: number[] = [];
  const one = async (n: number) => {
    const response = await clinic.fetcher(`${BALANCER}/v1/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await clinic.token(n % DESKTOPS)}` },
    });
    await response.body?.cancel();
    statuses.push(response.status);
  };
  const worker = async (w: number) => {
    for (let n = w; !stop.done; n += 4) await one(n).catch(() => statuses.push(0));
  };
  return Promise.all([0, 1, 2, 3].map(worker)).then(() => statuses);
}

/** Delivers a webhook now and waits until every desktop has heard of a change since. */
async function everyDesktopHearsOfAWebhook(): Promise<void> {
  const sent = Date.now();
  expect(await clinic.webhook()).toBe(200);
  await until(() => desktops.every((d) => d.changes.some((t) => t >= sent)), 'every desktop told', 45_000);
}

describe('a broker instance restarted during clinic', () => {
  it('SIGTERM: not ready before the listener closes, exchanges in flight answered, no change lost', async () => {
    const stop = { done: false };
    const exchanges = exchangesUntil(stop);
    await until(() => clinic.answers.some((a) => a.path === '/v1/token'), 'exchanges under way');
    const a = clinic.brokers[0]!;
    const exited = a.stop('SIGTERM');
    // Readiness goes false while the instance still answers: a balancer drains it before it goes.
    let readiness = 200;
    while (readiness === 200) readiness = (await fetch(`${a.url}/readyz`)).status;
    expect(readiness).toBe(503);
    await everyDesktopHearsOfAWebhook();
    expect(await exited).toBe(0);
    await clinic.restart(0);
    stop.done = true;
    const statuses = await exchanges;
    expect(statuses.length).toBeGreaterThan(0);
    // A connection the instance closed before a request got there is no answer (0): never a 5xx.
    expect(statuses.filter((s) => s !== 200 && s !== 0)).toEqual([]);
    expect(clinic.answers.filter((x) => x.status >= 500 && !x.retryAfter)).toEqual([]);
  }, 90_000);

  it('SIGKILL: its desktops come back through the other instance, no change lost', async () => {
    await clinic.brokers[1]!.stop('SIGKILL');
    await everyDesktopHearsOfAWebhook();
    await clinic.restart(1);
    await everyDesktopHearsOfAWebhook();
    expect(clinic.answers.filter((x) => x.status >= 500 && !x.retryAfter)).toEqual([]);
  }, 90_000);

  it('Redis down: 503 with Retry-After for what needs it, open streams kept, back by itself', async () => {
    const streams = () => clinic.answers.filter((a) => a.path === '/v1/events' && a.status === 200).length;
    const before = streams();
    const exchange = async () => {
      const response = await clinic.fetcher(`${BALANCER}/v1/token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await clinic.token(0)}` },
      });
      await response.body?.cancel();
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    };
    await clinic.redis.close();
    await expect.poll(exchange, { timeout: 25_000 }).toEqual({ status: 503, retryAfter: '5' });
    await clinic.redis.start();
    await expect.poll(async () => (await exchange()).status, { timeout: 25_000 }).toBe(200);
    // The streams open before the outage carry the next change: none was dropped, none reopened.
    await everyDesktopHearsOfAWebhook();
    expect(streams()).toBe(before);
    expect(clinic.answers.filter((x) => x.status >= 500 && !x.retryAfter)).toEqual([]);
  }, 90_000);
});
