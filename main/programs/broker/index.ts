/**
 * The organization's token broker: builds the verifier and the server-caller context from the settings,
 * then starts the HTTP server (main/programs/broker/broker-server.ts). `scribe broker` runs it.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { exportJWK } from 'jose';
import { HttpClient } from '../../core/api/transport/http.ts';
import { ServerTokenSource } from '../../core/api/auth/server-token-source.ts';
import { readPrivateKeyFile } from '../../core/api/auth/session.ts';
import type { BrokerConfig } from './broker-config.ts';
import { BrokerStartError } from './broker-config-problems.ts';
import { IdpTokenVerifier } from './idp-token-verifier.ts';
import { startBroker, type BrokerLogRecord, type RunningBroker } from './broker-server.ts';
import { PROTOCOL } from '../../core/api/protocol.ts';
import type { AccessTokenSource } from '../../core/api/auth/token-source.ts';
import { AuthenticationError } from '../../core/api/errors.ts';
import { MemoryStore, type SharedStore } from './shared-store.ts';
import { RedisStore } from './redis-store.ts';
import type { ScheduleLogRecord, ScheduleServerDeps } from './schedule-server.ts';

export { BrokerStartError } from './broker-config-problems.ts';
export { loadBrokerConfig, plainHttpBeyondLoopback, type BrokerConfig } from './broker-config.ts';
export type { RunningBroker } from './broker-server.ts';
import type { EmLogRecord } from './em-routes.ts';

/** A problem with the shared store, for IT (a code such as ECONNREFUSED; never its URL). */
interface StoreLogRecord {
  time: string;
  event: 'store';
  problem: string;
}

type Log = (record: BrokerLogRecord | ScheduleLogRecord | EmLogRecord | StoreLogRecord) => void;

/** Reads the organization's key and starts a broker with `config`. */
export async function runBroker(config: BrokerConfig, log: Log): Promise<RunningBroker> {
  const privateKey = await readPrivateKeyFile(config.privateKeyFile);
  const http = new HttpClient({ baseUrl: new URL(config.serviceUrl), apiVersion: config.apiVersion });
  const auth = new ServerTokenSource(http, {
    clientId: config.clientId,
    privateKey,
    ...(config.keyId ? { keyId: config.keyId } : {}),
  });
  const verifier = new IdpTokenVerifier({
    issuer: config.issuer,
    audience: config.audience,
    clockToleranceSec: config.clockToleranceSec,
    maxTokenAgeSec: config.maxTokenAgeSec,
    presentedToken: config.presentedToken,
  });
  const tls = await tlsFiles(config);
  const jwks = config.keyId ? await publicJwks(privateKey, config.keyId) : undefined;
  const store = await sharedStore(config, log);
  const schedule = config.serverApiKeyFile ? await scheduleDeps(config, verifier, store, log) : undefined;
  const broker = await startBroker({
    config,
    verifier,
    server: { http, auth },
    log,
    store,
    ...(tls ? { tls } : {}),
    ...(jwks ? { jwks } : {}),
    ...(schedule ? { schedule } : {}),
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  return {
    url: broker.url,
    close: () => broker.close().finally(() => store.close()),
    drain: () => broker.drain().finally(() => store.close()),
  };
}

/** The broker's own certificate chain and key, when it serves HTTPS itself. */
async function tlsFiles(config: BrokerConfig): Promise<{ cert: string; key: string } | undefined> {
  if (!config.tlsCertFile || !config.tlsKeyFile) return undefined;
  return {
    cert: await readSecretFile(config.tlsCertFile, 'tlsCertFile'),
    key: await readSecretFile(config.tlsKeyFile, 'tlsKeyFile'),
  };
}

/** Redis when `redisUrl` is set (several instances), else this instance's memory. */
async function sharedStore(config: BrokerConfig, log: Log): Promise<SharedStore> {
  if (!config.redisUrl) return new MemoryStore();
  return RedisStore.connect(config.redisUrl, (problem) =>
    log({ time: new Date().toISOString(), event: 'store', problem }),
  );
}

/** The schedule API's parts: the Server API key as the bearer of a Server API client, the webhook secret. */
async function scheduleDeps(
  config: BrokerConfig,
  verifier: IdpTokenVerifier,
  feed: SharedStore,
  log: Log,
): Promise<Omit<ScheduleServerDeps, 'active' | 'streams'>> {
  const key = (await readSecretFile(config.serverApiKeyFile!, 'serverApiKeyFile')).trim();
  const secret = config.webhookSecretFile
    ? (await readSecretFile(config.webhookSecretFile, 'webhookSecretFile')).trim()
    : undefined;
  const http = new HttpClient({ baseUrl: new URL(config.serviceUrl), apiVersion: PROTOCOL.serverApiVersion });
  return {
    serverApi: { http, auth: new StaticServerKey(key) },
    verifier,
    mapping: config,
    sessionMaxAgeSec: config.scheduleTokenMaxAgeSec,
    feed,
    webhookSecret: secret,
    webhookToleranceSec: config.webhookToleranceSec,
    webhooksPerMinute: config.webhooksPerMinute,
    log,
    now: Date.now,
  };
}

/**
 * The public half of the organization's key, for an OAuth client registered with the broker's JWKS URL:
 * rotating the key is then a new key file and key id on the broker, with no change at the service.
 */
async function publicJwks(privateKey: string | KeyObject, keyId: string): Promise<{ keys: object[] }> {
  const jwk = await exportJWK(createPublicKey(privateKey));
  return { keys: [{ kty: jwk.kty, n: jwk.n, e: jwk.e, kid: keyId, alg: 'RS256', use: 'sig' }] };
}

/** The organization's Server API key as a token source: it never changes, and a refusal is final. */
class StaticServerKey implements AccessTokenSource {
  readonly caller = 'server' as const;
  constructor(readonly key: string) {}
  token(): Promise<string> {
    return Promise.resolve(this.key);
  }
  renew(): Promise<string> {
    return Promise.reject(
      new AuthenticationError({ kind: 'answer', status: 401 }, { operation: 'server-api-key', status: 401 }),
    );
  }
}

/** A file the broker's settings name (`key`), read whole; one it cannot read stops the broker, named. */
async function readSecretFile(path: string, key: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new BrokerStartError({ kind: 'secret_file_unreadable', key, errno }, { cause: error });
  }
}
