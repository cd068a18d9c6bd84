/**
 * The token broker's HTTP server. `POST /v1/token` with `Authorization: Bearer <identity provider token>`
 * answers `{access_token, refresh_token, user_id}` for the clinician the token names; `GET /healthz` answers
 * `{status: "ok"}`. Anything else is refused with `{code, name, message}`. It keeps no state but a cached
 * server token and a per-address request count (in a shared store across instances, shared-store.ts), so any
 * number of instances can run side by side.
 *
 * Every token request is logged as one JSON line: when, from which address, the outcome and, once the
 * token is verified, whom it was for (the external id and the service user id). Never a token, never a
 * claim beyond the one that names the clinician.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { CoreContext } from '../../core/api/endpoints/context.ts';
import type { BrokerConfig } from './broker-config.ts';
import { splitListen } from './broker-config.ts';
import type { TokenVerifier } from './idp-token-verifier.ts';
import { clientAddressResolver, forwardedFor, sanitized } from './client-address.ts';
import { RateLimiter } from './rate-limit.ts';
import { MemoryStore, type SharedStore } from './shared-store.ts';
import { BrokerRefusal } from './refusal.ts';
import { exchangeTokenOnce } from './single-use.ts';
import { exchangeForUserTokens, type Exchanged } from './token-exchange.ts';
import { handleSchedule, isSchedulePath, type ScheduleServerDeps } from './schedule-server.ts';
import { handleEm, isEmPath, type EmLogRecord } from './em-routes.ts';
import { ActiveClinicians } from './active-clinicians.ts';
import { EventStreams } from './event-streams.ts';
import { Shutdown, stopListening } from './shutdown.ts';

/** One log record (written as a JSON line by the CLI). */
export interface BrokerLogRecord {
  time: string;
  event: 'token';
  outcome: 'issued' | 'refused' | 'failed';
  status: number;
  /** The refusal's name (e.g. WRONG_AUDIENCE). */
  reason?: string;
  client: string;
  externalId?: string;
  userId?: string;
  ms: number;
}

/** What the server is built from. */
export interface BrokerDeps {
  config: BrokerConfig;
  verifier: TokenVerifier;
  /** A server-caller context (the organization's credentials) for the service's user endpoints. */
  server: CoreContext;
  /** Token requests' records, and the E/M routes' (em-routes.ts). */
  log: (record: BrokerLogRecord | EmLogRecord) => void;
  now?: () => number;
  /** PEM certificate chain and key: the broker serves HTTPS itself. */
  tls?: { cert: string; key: string };
  /** The public half of the organization's key as a JWKS, served at /.well-known/jwks.json. */
  jwks?: { keys: object[] };
  /** The schedule API and webhooks, when the broker has Server API credentials (schedule-server.ts). */
  schedule?: Omit<ScheduleServerDeps, 'active' | 'streams'>;
  /** Where request counts are kept (shared-store.ts); this instance's memory when not given. */
  store?: SharedStore;
}

/** A running broker. */
export interface RunningBroker {
  /** `http://HOST:PORT` (or https) with the port actually bound. */
  url: string;
  /** Stops at once (tests, a failed start). */
  close(): Promise<void>;
  /** Stops as on SIGTERM: not ready, streams ended with a hint, in-flight requests answered (shutdown.ts). */
  drain(): Promise<void>;
}

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

/** Starts the broker on `config.listen` (port 0: any free port). */
export async function startBroker(deps: BrokerDeps): Promise<RunningBroker> {
  const store = deps.store ?? new MemoryStore(deps.now);
  const limiter = new RateLimiter(deps.config.rateLimitPerMinute, store, deps.config.rateLimitKey);
  const resolve = clientAddressResolver(deps.config.trustProxy);
  const addressOf: ClientOf = (req) =>
    sanitized(resolve(req.socket.remoteAddress, forwardedFor(req.headers['x-forwarded-for'])));
  // Every schedule route honours the service's deactivation (issue 32), asked with the broker's credentials.
  const active = new ActiveClinicians(deps.server, deps.now);
  const streams = new EventStreams();
  const schedule = deps.schedule && { ...deps.schedule, active, streams };
  const shutdown = new Shutdown(deps.config.drainSec * 1000, streams);
  const draining = () => shutdown.draining;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    shutdown.answering(res);
    handle(req, res, { ...deps, store, addressOf, schedule, draining }, limiter).catch(() => {
      if (!res.headersSent) refuse(res, new BrokerRefusal('INTERNAL'));
      else res.destroy();
    });
  };
  const server: Server = deps.tls ? createTlsServer(deps.tls, listener) : createServer(listener);
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  const { host, port } = splitListen(deps.config.listen);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const scheme = deps.tls ? 'https' : 'http';
  const url = `${scheme}://${shownHost}:${bound}`;
  return { url, close: () => stopListening(server, 0), drain: () => shutdown.drain(server) };
}

/** The client address of a request. */
type ClientOf = (req: IncomingMessage) => string;
const notFound = new BrokerRefusal('NOT_FOUND');

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  deps: BrokerDeps & {
    store: SharedStore;
    addressOf: ClientOf;
    schedule: ScheduleServerDeps | undefined;
    draining: () => boolean;
  },
  limiter: RateLimiter,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://broker');
  const path = url.pathname;
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  if (path === '/healthz' || path === '/readyz') return health(res, path, readOnly, limiter, deps.draining);
  if (path === '/.well-known/jwks.json' && deps.jwks) {
    if (!readOnly) return refuse(res, new BrokerRefusal('METHOD_NOT_ALLOWED'));
    return send(res, 200, deps.jwks, { 'cache-control': 'public, max-age=300' });
  }
  if (isSchedulePath(path) || isEmPath(path)) return api(req, res, url, deps, limiter);
  if (path !== '/v1/token') return refuse(res, new BrokerRefusal('NOT_FOUND'));
  if (req.method !== 'POST') return refuse(res, new BrokerRefusal('METHOD_NOT_ALLOWED'));
  return exchangeToken(req, res, deps, limiter);
}

/**
 * The schedule, E/M and webhook routes. Each verified token counts against its clinician (rate-limit.ts), a
 * request that proves nothing against its address; the service's signed deliveries have their own count.
 */
async function api(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: BrokerDeps & { addressOf: ClientOf; schedule: ScheduleServerDeps | undefined },
  limiter: RateLimiter,
): Promise<void> {
  const path = url.pathname;
  const client = deps.addressOf(req);
  const verifier = limiter.counting(deps.verifier, client);
  const io = {
    limitCaller: async () => {
      const answer = await limiter.answer(new BrokerRefusal('WEBHOOK_REFUSED'), client);
      if (answer.refusal === 'RATE_LIMITED') throw answer;
    },
    path,
    query: url.searchParams,
    client,
    send: (status: number, body: unknown) => send(res, status, body),
    refuse: async (refusal: BrokerRefusal) => {
      const answer = await limiter.answer(refusal, client);
      refuse(res, answer);
      return answer;
    },
  };
  // IT may keep E/M for server callers only (emCodes: false): the desktop then says it needs them.
  if (isEmPath(path))
    return deps.config.emCodes
      ? handleEm(req, io, { ...emDeps(deps), verifier })
      : void (await io.refuse(notFound));
  return handleSchedule(req, res, io, deps.schedule && { ...deps.schedule, verifier });
}

/**
 * Liveness (`/healthz`: the process answers) apart from readiness (`/readyz`: it can serve, its shared store
 * answers, it is not stopping), which the image's health check and a load balancer use.
 */
async function health(
  res: ServerResponse,
  path: string,
  readOnly: boolean,
  limiter: RateLimiter,
  draining: () => boolean,
) {
  if (!readOnly) return refuse(res, new BrokerRefusal('METHOD_NOT_ALLOWED'));
  if (path === '/healthz') return send(res, 200, { status: 'ok' });
  if (draining()) return send(res, 503, { status: 'draining' });
  const ready = await limiter.ready();
  return send(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready' });
}

/** The E/M routes' parts: the broker's own server credentials, verifier and claim mapping. */
function emDeps(deps: BrokerDeps) {
  return {
    server: deps.server,
    verifier: deps.verifier,
    mapping: deps.config,
    sessionMaxAgeSec: deps.config.scheduleTokenMaxAgeSec,
    log: deps.log,
    now: deps.now ?? Date.now,
  };
}

/** POST /v1/token: the organization's token for the user's service tokens, logged once either way. */
async function exchangeToken(
  req: IncomingMessage,
  res: ServerResponse,
  deps: BrokerDeps & { store: SharedStore; addressOf: ClientOf },
  limiter: RateLimiter,
): Promise<void> {
  const started = (deps.now ?? Date.now)();
  const client = deps.addressOf(req);
  let exchanged: Exchanged | undefined;
  const record = (outcome: BrokerLogRecord['outcome'], status: number, reason?: string): void => {
    const now = (deps.now ?? Date.now)();
    deps.log({
      time: new Date(now).toISOString(),
      event: 'token',
      outcome,
      status,
      ...(reason ? { reason } : {}),
      client,
      ...(exchanged ? { externalId: exchanged.externalId, userId: exchanged.userId } : {}),
      ms: now - started,
    });
  };
  try {
    exchanged = await issue(req, deps, limiter, { client, started });
    send(res, 200, exchanged.tokens);
    record('issued', 200);
  } catch (error) {
    if (!(error instanceof BrokerRefusal)) {
      record('failed', 500, 'INTERNAL');
      throw error;
    }
    const answer = await limiter.answer(error, client);
    refuse(res, answer);
    record('refused', answer.status, answer.refusal);
  }
}

/** The checks of `/v1/token` in order, then the exchange; a BrokerRefusal at the first that fails. */
async function issue(
  req: IncomingMessage,
  deps: BrokerDeps & { store: SharedStore },
  limiter: RateLimiter,
  at: { client: string; started: number },
): Promise<Exchanged> {
  const token = bearer(req);
  if (await hasBody(req)) throw new BrokerRefusal('BODY_NOT_ALLOWED');
  const claims = await limiter.counting(deps.verifier, at.client).verify(token);
  // Once only (issue 32): a captured token cannot mint a second session, on this instance or another.
  const limits = { ...deps.config, nowMs: at.started };
  return exchangeTokenOnce(deps.store, token, claims, limits, (minting) =>
    exchangeForUserTokens(deps.server, claims, deps.config, minting),
  );
}

/** The bearer token, or MISSING_TOKEN. */
function bearer(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header.trim());
  if (!match) throw new BrokerRefusal('MISSING_TOKEN');
  return match[1]!;
}

/** Reads (and drops) the request body, up to 1 KiB; whether there was one. */
async function hasBody(req: IncomingMessage): Promise<boolean> {
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024) break;
  }
  return size > 0;
}

function refuse(res: ServerResponse, refusal: BrokerRefusal): void {
  const headers: Record<string, string> = {};
  if (refusal.retryAfterSec !== undefined) headers['retry-after'] = String(refusal.retryAfterSec);
  if (refusal.status === 401) headers['www-authenticate'] = 'Bearer';
  send(res, refusal.status, refusal.body(), headers);
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...JSON_HEADERS, ...headers });
  res.end(JSON.stringify(body));
}
