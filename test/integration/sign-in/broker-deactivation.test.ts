/**
 * Issue 32: deactivating a clinician at the service cuts every schedule route of the broker and its event
 * stream, not only `/v1/token` and E/M, even while the identity provider still signs tokens for them. The
 * service's "active" answer is reused for 30 s (ACTIVE_CACHE_MS), stated in docs/sign-in.md: the broker's
 * clock is moved past it. A real OpenID provider, the broker and the local service's Server API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_CACHE_MS } from '../../../main/programs/broker/active-clinicians.ts';
import { presentToken } from './broker-process.ts';
import { startScheduleBroker, type ScheduleBrokerRig } from './schedule-broker.ts';

let rig: ScheduleBrokerRig;
let skew = 0;

beforeAll(async () => {
  rig = await startScheduleBroker({ now: () => Date.now() + skew });
});
afterAll(() => rig?.close());

async function call(path: string, token: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${rig.broker.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  await response.body?.cancel().catch(() => undefined);
  return {
    status: response.status,
    name: text.startsWith('{') ? (JSON.parse(text) as { name?: string }).name : undefined,
  };
}

function dayWindow(): string {
  const from = new Date();
  from.setHours(0, 0, 0, 0);
  const to = new Date(from.getTime() + 24 * 3600 * 1000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
}

describe("the service's deactivation on the broker's schedule routes", () => {
  it('refuses every route within the stated cache once the clinician is deactivated', async () => {
    const token = await rig.idp.sign({ oid: 'oid-dr-lee' });
    expect((await presentToken(rig.broker.url, token)).status).toBe(200); // the service user exists now
    const list = `/v1/appointments?${dayWindow()}`;
    expect((await call(list, token)).status).toBe(200);

    const user = await rig.h.serverCore.findUserByExternalId('oid-dr-lee');
    await rig.h.serverCore.deactivateUser(user!.id);
    // Within the cache the last "active" answer stands (at most 30 s)…
    expect((await call(list, token)).status).toBe(200);
    skew += ACTIVE_CACHE_MS + 1_000;
    // …after it, every route is refused, whatever the provider's token still says.
    const own = rig.ids.lee[0]!;
    const routes: [string, string, unknown?][] = [
      [list, 'GET'],
      [`/v1/appointments/${own}`, 'GET'],
      [`/v1/appointments/${own}/instructions`, 'POST', { text: 'Rest.', as: 'message' }],
      [`/v1/appointments/${own}/tasks`, 'POST', { titles: ['CBC'] }],
      [`/v1/appointments/${own}/finalize`, 'POST'],
      ['/v1/events', 'GET'],
    ];
    for (const [path, method, body] of routes)
      expect(await call(path, token, method, body), `${method} ${path}`).toEqual({
        status: 403,
        name: 'USER_DEACTIVATED',
      });
  });
});
