/**
 * The rig of the schedule tests (broker-schedule.test.ts, schedule-feature.test.ts): the local service with
 * the organization's Server API key and a seeded day whose patients carry a canary name, a real OpenID
 * provider, and the broker with its schedule API and webhooks. `lines` collects the broker's log records.
 */
import { HttpClient } from '../../../main/core/api/transport/http.ts';
import { PROTOCOL } from '../../../main/core/api/protocol.ts';
import { startBroker, type RunningBroker } from '../../../main/programs/broker/broker-server.ts';
import { loadBrokerConfig } from '../../../main/programs/broker/broker-config.ts';
import { IdpTokenVerifier } from '../../../main/programs/broker/idp-token-verifier.ts';
import { MemoryStore } from '../../../main/programs/broker/shared-store.ts';
import type { ServerApiStore } from '../../../main/programs/local-service/server-api/store.ts';
import { seedDay } from '../../../main/programs/local-service/server-api/sample-day.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';

export const CANARY = 'Canaryname-5e1f';
export const CANARY_TEXT = 'CANARY-INSTRUCTION-77a2 rest and fluids';
export const API_KEY = 'test-server-api-key-123';
export const SECRET = 'whsec-test-secret';

export interface ScheduleBrokerRig {
  h: Harness;
  idp: TestIdp;
  broker: RunningBroker;
  store: ServerApiStore;
  ids: ReturnType<typeof seedDay>;
  /** The broker's log records, as JSON lines (empty it between tests with `lines.length = 0`). */
  lines: string[];
  close(): Promise<void>;
}

/** The broker's settings on loopback for the local service and the test provider; `env` adds to them. */
export async function loopbackBrokerConfig(h: Harness, idp: TestIdp, env: Record<string, string> = {}) {
  const loaded = await loadBrokerConfig({
    env: {
      SCRIBE_SERVICE_URL: h.service.url,
      SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
      SCRIBE_PRIVATE_KEY_FILE: '/nonexistent/key.pem',
      SCRIBE_BROKER_ISSUER: idp.issuer,
      SCRIBE_BROKER_AUDIENCE: idp.clientId,
      SCRIBE_BROKER_USER_CLAIM: 'oid',
      SCRIBE_BROKER_LISTEN: '127.0.0.1:0',
      ...env,
    },
  });
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.config;
}

/** `now`: the broker's clock (tests move it past a cache's life). */
export async function startScheduleBroker(
  options: { now?: () => number; webhooksPerMinute?: number } = {},
): Promise<ScheduleBrokerRig> {
  const h = await startHarness({ serverApiKeys: [API_KEY] });
  const idp = await startTestIdp({});
  const store = h.service.internals.serverApi;
  const ids = seedDay(store, { lastName: CANARY, day: new Date() });
  const config = await loopbackBrokerConfig(h, idp);
  const verifier = new IdpTokenVerifier({ ...config, maxTokenAgeSec: config.maxTokenAgeSec });
  const lines: string[] = [];
  const log = (record: object) => lines.push(JSON.stringify(record));
  const broker = await startBroker({
    config,
    verifier,
    server: { http: h.http, auth: h.server },
    log,
    ...(options.now ? { now: options.now } : {}),
    schedule: {
      serverApi: {
        http: new HttpClient({ baseUrl: new URL(h.service.url), apiVersion: PROTOCOL.serverApiVersion }),
        auth: { caller: 'server', token: async () => API_KEY, renew: async () => API_KEY },
      },
      verifier,
      mapping: config,
      sessionMaxAgeSec: config.scheduleTokenMaxAgeSec,
      feed: new MemoryStore(),
      webhookSecret: SECRET,
      webhookToleranceSec: 300,
      webhooksPerMinute: options.webhooksPerMinute ?? config.webhooksPerMinute,
      log,
      now: Date.now,
    },
  });
  return {
    h,
    idp,
    broker,
    store,
    ids,
    lines,
    close: async () => {
      await broker.close();
      await idp.close();
      await h.close();
    },
  };
}
