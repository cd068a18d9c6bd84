/**
 * A clinic in miniature for the broker's hospital-scale tests (issue 34): the local service with one
 * practitioner per clinician, a real OpenID provider, one real Redis and two `scribe broker` processes
 * sharing it, behind a load balancer (`balancer`: round robin over the instances that accept connections,
 * as a TCP balancer does); desktops run the app's own change-stream code (main/features/schedule).
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchChanges } from '../../../main/features/schedule/change-stream.ts';
import { webhookSignature } from '../../../main/programs/broker/webhook-signature.ts';
import type { LocalServiceOptions } from '../../../main/programs/local-service/options.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';
import { startTestRedis, type TestRedis } from '../../fixtures/redis/redis-server.ts';
import { brokerEnv, startBrokerChild, type BrokerProcess } from './broker-child.ts';

const API_KEY = 'test-server-api-key-clinic';
const SECRET = 'whsec-clinic-test';

/** One answer the balancer passed back. */
interface Answer {
  path: string;
  status: number;
  retryAfter: string | null;
  /** Which instance answered (its URL). */
  by: string;
}

/** The running clinic. */
export interface Clinic {
  h: Harness;
  idp: TestIdp;
  redis: TestRedis;
  /** The broker instances behind the balancer (a restarted one replaces its entry). */
  brokers: BrokerProcess[];
  /** Every answer that went through the balancer. */
  answers: Answer[];
  /** The balancer as a desktop's fetch: `http://balancer` paths go to an instance. */
  fetcher: typeof fetch;
  /** Replaces instance `i` by a new process (after it was stopped or killed). */
  restart(i: number): Promise<void>;
  /** An ID token for clinician `n` (a practitioner of the organization), valid `lifeSec` (the provider's 5 min). */
  token(n: number, lifeSec?: number): Promise<string>;
  /** Delivers a signed `appointment.updated` webhook through the balancer; its status. */
  webhook(): Promise<number>;
  close(): Promise<void>;
}

export const BALANCER = 'http://balancer';

/** Starts the clinic: `clinicians` practitioners, two brokers of the CLI bundle `cli` with `env` added
 * (`service`: the double's options; `nodeArgs`: the brokers' node flags). */
export async function startClinic(
  cli: string,
  clinicians: number,
  env: Record<string, string>,
  service: LocalServiceOptions = {},
  nodeArgs: string[] = [],
): Promise<Clinic> {
  const [h, idp, redis] = await Promise.all([
    startHarness({ serverApiKeys: [API_KEY], ...service }),
    startTestIdp({}),
    startTestRedis(),
  ]);
  for (let n = 0; n < clinicians; n++)
    h.service.internals.serverApi.addProvider({ first_name: 'Dr', last_name: `N${n}`, external_id: oid(n) });
  const dir = await mkdtemp(join(tmpdir(), 'scribe-clinic-'));
  await writeFile(join(dir, 'server-api-key'), API_KEY, { mode: 0o600 });
  await writeFile(join(dir, 'webhook-secret'), SECRET, { mode: 0o600 });
  const shared = {
    ...(await brokerEnv(
      { url: h.service.url, clientId: h.fixtures.staticClient.id, pem: h.staticPem },
      { issuer: idp.issuer, clientId: idp.clientId },
    )),
    SCRIBE_BROKER_REDIS_URL: redis.url,
    SCRIBE_BROKER_SERVER_API_KEY_FILE: join(dir, 'server-api-key'),
    SCRIBE_BROKER_WEBHOOK_SECRET_FILE: join(dir, 'webhook-secret'),
    ...env,
  };
  const start = () => startBrokerChild(cli, shared, [], nodeArgs);
  const brokers = await Promise.all([start(), start()]);
  const answers: Answer[] = [];
  let next = 0;
  const fetcher: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    let refused: unknown;
    for (let tries = 0; tries < brokers.length; tries++) {
      const by = brokers[next++ % brokers.length]!.url;
      try {
        const response = await fetch(new URL(url.pathname + url.search, by), init);
        const retryAfter = response.headers.get('retry-after');
        answers.push({ path: url.pathname, status: response.status, retryAfter, by });
        return response;
      } catch (error) {
        // Like a TCP balancer: only a refused connection (nothing was sent) goes to the next instance.
        if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') throw error;
        refused = error;
      }
    }
    throw refused;
  };
  return {
    h,
    idp,
    redis,
    brokers,
    answers,
    fetcher,
    async restart(i) {
      brokers[i] = await start();
    },
    // A jti of its own: two tokens signed in the same second are two sign-ins, not a replay.
    token: (n, lifeSec) =>
      idp.sign({
        oid: oid(n),
        sub: oid(n),
        jti: randomUUID(),
        ...(lifeSec ? { exp: Math.floor(Date.now() / 1000) + lifeSec } : {}),
      }),
    async webhook() {
      const body = JSON.stringify({ type: 'appointment.updated', data: {} });
      const now = String(Math.floor(Date.now() / 1000));
      const response = await fetcher(`${BALANCER}/v1/webhooks/service`, {
        method: 'POST',
        headers: {
          'x-service-webhook-timestamp': now,
          'x-service-webhook-signature': webhookSignature(SECRET, now, Buffer.from(body)),
        },
        body,
      });
      await response.body?.cancel();
      return response.status;
    },
    async close() {
      await Promise.all(brokers.map((b) => b.stop('SIGKILL')));
      await Promise.allSettled([redis.close(), idp.close(), h.close()]);
    },
  };
}

function oid(n: number): string {
  return `oid-clinician-${n}`;
}

/** A desktop's change stream: when it heard of a change (on each open and each event). */
export interface Desktop {
  changes: number[];
  stop(): void;
}

/** Starts `count` desktops listening through the clinic's balancer, clinician n on desktop n. */
export async function startDesktops(clinic: Clinic, count: number): Promise<Desktop[]> {
  const tokens = await Promise.all(Array.from({ length: count }, (_, n) => clinic.token(n)));
  return tokens.map((token) => {
    const controller = new AbortController();
    const changes: number[] = [];
    watchChanges({
      url: new URL('/v1/events', BALANCER),
      token: () => token,
      onChange: () => changes.push(Date.now()),
      signal: controller.signal,
      fetcher: clinic.fetcher,
    });
    return { changes, stop: () => controller.abort() };
  });
}

/** POST /v1/token from another loopback address (`from`, e.g. 127.0.0.2): another host; its status. */
export function tokenFrom(brokerUrl: string, from: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${brokerUrl}/v1/token`, {
      method: 'POST',
      localAddress: from,
      headers: { authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
