/**
 * Two broker instances (`scribe broker` processes, as IT runs them behind a load balancer) sharing one real
 * Redis server (`redisUrl`): the rate limit holds across both, an `appointment.*` webhook received by one
 * reaches a desktop listening on the other, and what Redis holds names no patient and carries no token.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookSignature } from '../../../main/programs/broker/webhook-signature.ts';
import { seedDay } from '../../../main/programs/local-service/server-api/sample-day.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';
import { startTestRedis, type TestRedis } from '../../fixtures/redis/redis-server.ts';
import { brokerEnv, presentToken, startBrokerProcess, type BrokerProcess } from './broker-process.ts';

const CANARY = 'Canaryname-91b3';
const API_KEY = 'test-server-api-key-shared';
const SECRET = 'whsec-shared-store-test';
const LIMIT = 5;

let h: Harness;
let idp: TestIdp;
let redis: TestRedis;
let a: BrokerProcess;
let b: BrokerProcess;
let admin: ReturnType<typeof createClient>;

beforeAll(async () => {
  [h, idp, redis] = await Promise.all([
    startHarness({ serverApiKeys: [API_KEY] }),
    startTestIdp({}),
    startTestRedis(),
  ]);
  seedDay(h.service.internals.serverApi, { lastName: CANARY, day: new Date() });
  const env = await brokerEnv(
    { url: h.service.url, clientId: h.fixtures.staticClient.id, pem: h.staticPem },
    { issuer: idp.issuer, clientId: idp.clientId },
  );
  const dir = await mkdtemp(join(tmpdir(), 'scribe-broker-store-'));
  await writeFile(join(dir, 'server-api-key'), API_KEY, { mode: 0o600 });
  await writeFile(join(dir, 'webhook-secret'), SECRET, { mode: 0o600 });
  const shared = {
    ...env,
    SCRIBE_BROKER_RATE_LIMIT: String(LIMIT),
    SCRIBE_BROKER_REDIS_URL: redis.url,
    SCRIBE_BROKER_SERVER_API_KEY_FILE: join(dir, 'server-api-key'),
    SCRIBE_BROKER_WEBHOOK_SECRET_FILE: join(dir, 'webhook-secret'),
  };
  [a, b] = await Promise.all([startBrokerProcess(shared), startBrokerProcess(shared)]);
  admin = createClient({ url: redis.url });
  await admin.connect();
}, 60_000);
beforeEach(async () => {
  await admin.flushAll();
});
afterAll(async () => {
  await admin?.close().catch(() => undefined);
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.close();
  await idp?.close();
  await h?.close();
});

describe('several broker instances sharing Redis', () => {
  it('holds the rate limit across instances: the requests of both count against one limit', async () => {
    const statuses: number[] = [];
    for (const broker of [a, b, a, b, a, b, a])
      statuses.push((await presentToken(broker.url, undefined)).status);
    // Five requests (three to A, two to B) are within the limit; the sixth, wherever it lands, is not.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const limited = await presentToken(b.url, undefined);
    expect(limited.body).toMatchObject({ code: 429, name: 'RATE_LIMITED' });
  });

  it('brings an appointment webhook received by one instance to a desktop listening on the other', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/v1/events`, {
      headers: { authorization: `Bearer ${await idp.sign({ oid: 'oid-dr-lee' })}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read(); // ": connected"
    const body = JSON.stringify({ type: 'appointment.scheduled', data: { patient: CANARY } });
    const now = String(Math.floor(Date.now() / 1000));
    const delivered = await fetch(`${a.url}/v1/webhooks/service`, {
      method: 'POST',
      headers: {
        'x-service-webhook-timestamp': now,
        'x-service-webhook-signature': webhookSignature(SECRET, now, Buffer.from(body)),
      },
      body,
    });
    expect(delivered.status).toBe(200);
    const event = new TextDecoder().decode((await reader.read()).value);
    expect(event).toBe('event: appointments-changed\ndata: {}\n\n');
    controller.abort();
    // The same delivery replayed to the other instance is known there (issue 32): not passed on again.
    const replay = await fetch(`${b.url}/v1/webhooks/service`, {
      method: 'POST',
      headers: {
        'x-service-webhook-timestamp': now,
        'x-service-webhook-signature': webhookSignature(SECRET, now, Buffer.from(body)),
      },
      body,
    });
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
  });

  it('takes a token once across instances, and keeps its hash in Redis, not the token', async () => {
    const token = await idp.sign({ oid: 'oid-dr-once' });
    expect((await presentToken(a.url, token)).status).toBe(200);
    expect((await presentToken(b.url, token)).body).toMatchObject({ code: 401, name: 'TOKEN_REPLAYED' });
    const used = await admin.keys('scribe-broker:used-token:*');
    expect(used).toHaveLength(1);
    expect(used[0]).toMatch(/^scribe-broker:used-token:[0-9a-f]{64}$/);
    // It lasts as long as the token could be taken (five minutes and the clock allowance), no longer.
    expect(await admin.pTTL(used[0]!)).toBeLessThanOrEqual(330_000);
    expect(JSON.stringify(await admin.get(used[0]!))).not.toContain(token.slice(-20));
  });

  it('keeps only counters in Redis, a clinician named by a hash: no patient, no token', async () => {
    const token = await idp.sign({ oid: 'oid-dr-lee' });
    await presentToken(a.url, token, { method: 'GET', path: '/v1/appointments' });
    const keys = await admin.keys('*');
    expect(keys).toEqual([expect.stringMatching(/^scribe-broker:rate:sub:[0-9a-f]{32}$/)]);
    const held = JSON.stringify(await Promise.all(keys.map((key) => admin.get(key))));
    expect(held).not.toContain(CANARY);
    expect(held).not.toContain(token.slice(-20));
    expect(a.stderr + b.stderr).not.toContain(CANARY);
  });

  // Last: it stops Redis. Issue 32: liveness stays 200, readiness (the image's health check) says 503.
  it('is live but not ready with Redis down, while every route is refused', async () => {
    const status = async (path: string) => (await fetch(`${a.url}${path}`)).status;
    expect(await status('/readyz')).toBe(200);
    await admin.close().catch(() => undefined);
    await redis.close();
    await expect.poll(() => status('/readyz'), { timeout: 10_000 }).toBe(503);
    expect(await status('/healthz')).toBe(200);
    const token = await idp.sign({ oid: 'oid-dr-lee' });
    expect((await presentToken(a.url, token)).status).toBe(503);
  });
});
