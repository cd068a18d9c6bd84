import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ServiceError, type ErrorBody } from './errors.ts';
import { parseJsonBody, parseMultipart, readBody, sendJson } from './http-io.ts';
import { matchRoute, type Family, type Route, type RouteContext } from './router.ts';
import type { Caller, TokenStore } from './auth/token-store.ts';
import type { UserStore } from './users.ts';
import { VERSION_HEADER, atLeast, requestVersion } from './versions.ts';
import { liftNoteBodies, lowerNoteBodies } from './note-versions.ts';

/** One request as the service saw it. No bodies, no tokens, no query strings. */
export interface RequestRecord {
  method: string;
  path: string;
  /** The version header as sent, or null when absent. */
  version: string | null;
  /** The version the request was served under (header or pinned default). */
  effectiveVersion: string | null;
  caller: { kind: 'server'; clientId: string } | { kind: 'user'; userId: string } | null;
  status: number;
  /** Service time (ms) when the request arrived. */
  at: number;
  /**
   * The request's top-level fields, once a handler read them (a JSON body, or the `request_parameters` of
   * a multipart one): name → characters of a string, items of an array, null for anything else. Sizes
   * and names only, never values, so tests can see what arrived without the log holding content.
   */
  fields?: Record<string, number | null>;
}

/** Field sizes of a request value for the log (see RequestRecord.fields). */
function fieldSizes(value: unknown): Record<string, number | null> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const sizes: Record<string, number | null> = {};
  for (const [name, field] of Object.entries(value)) {
    // Identifier-like names only: a map keyed by data (section keys, ids) would put data in the log.
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name)) continue;
    sizes[name] = typeof field === 'string' ? [...field].length : Array.isArray(field) ? field.length : null;
  }
  return sizes;
}

/** What to do to one request before handling it. */
export interface FaultPlan {
  delayMs: number;
  drop: boolean;
  fail?: { status: number; headers: Record<string, string>; body: ErrorBody };
}

/** Where each request's fault plan comes from: tests inject faults (test/service/faults.ts); the app none. */
export interface FaultSource {
  take(method: string, fullPath: string, subPath: string): FaultPlan;
  /** Whether the async job finishing now ends FAILED (consumed). */
  takeJobFailure(): boolean;
}

/** No faults: every request is handled as it comes, every job succeeds. */
export const NO_FAULTS: FaultSource = {
  take: () => ({ delayMs: 0, drop: false }),
  takeJobFailure: () => false,
};

/** What the request handler needs. */
export interface HandlerDeps {
  routes: Route[];
  tokens: TokenStore;
  users: UserStore;
  faults: FaultSource;
  log: RequestRecord[];
  pinnedVersion: string;
  now: () => number;
}

const MAX_LOG = 10_000;

const PREFIXES: Record<Family, string> = { server: '/v1/core/server', user: '/v1/core/user' };

function familyOf(path: string): { family: Family; sub: string } | undefined {
  for (const [family, prefix] of Object.entries(PREFIXES) as [Family, string][]) {
    if (path.startsWith(`${prefix}/`)) return { family, sub: path.slice(prefix.length) };
  }
  return undefined;
}

/** The bearer caller of a request, with the contract's 401/403 rules. */
export function authenticateRequest(
  req: IncomingMessage,
  family: Family,
  deps: Pick<HandlerDeps, 'tokens' | 'users'>,
): Caller {
  const header = req.headers.authorization;
  const match = header ? /^Bearer ([^\s]+)$/.exec(header) : null;
  if (!match) throw new ServiceError(401, 'UNAUTHORIZED', 'Authorization: Bearer <token> is required');
  const caller = deps.tokens.authenticate(match[1]!);
  if (caller.kind !== family) {
    throw new ServiceError(
      403,
      'WRONG_TOKEN_KIND',
      `a ${caller.kind} token cannot call /v1/core/${family} endpoints`,
    );
  }
  if (caller.kind === 'user' && !deps.users.find(caller.userId)?.activated) {
    throw new ServiceError(403, 'USER_DEACTIVATED', 'user is deactivated');
  }
  return caller;
}

/** Builds the node:http request listener. */
export function createHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void handle(req, res, deps);
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://local');
  const method = (req.method ?? 'GET').toUpperCase();
  const record = logRequest(req, method, url, deps);
  // The service's own time, not the computer's: clients learn a clock offset from it.
  res.setHeader('date', new Date(deps.now()).toUTCString());
  const located = familyOf(url.pathname);
  const plan = deps.faults.take(method, url.pathname, located?.sub ?? url.pathname);
  if (plan.delayMs > 0) await sleep(plan.delayMs);
  if (plan.drop) {
    record.status = -1;
    req.socket.destroy();
    return;
  }
  if (plan.fail) {
    record.status = plan.fail.status;
    req.resume();
    sendJson(res, plan.fail.status, plan.fail.body, plan.fail.headers);
    return;
  }
  try {
    const reply = await dispatch(req, url, method, located, record, deps);
    record.status = reply.status ?? 200;
    const body = lowerNoteBodies(reply.body, record.effectiveVersion ?? deps.pinnedVersion);
    sendJson(res, record.status, body, reply.headers);
  } catch (error) {
    sendFailure(error, req, res, record);
  }
}

/** Starts the request's record in the (bounded) log. */
function logRequest(req: IncomingMessage, method: string, url: URL, deps: HandlerDeps): RequestRecord {
  const header = req.headers[VERSION_HEADER];
  const record: RequestRecord = {
    method,
    path: url.pathname,
    version: typeof header === 'string' ? header : null,
    effectiveVersion: null,
    caller: null,
    status: 0,
    at: deps.now(),
  };
  deps.log.push(record);
  // Bounded, because the desktop app runs this service for as long as it is open.
  if (deps.log.length > MAX_LOG) deps.log.splice(0, deps.log.length - MAX_LOG);
  return record;
}

/** Answers a thrown error: its own status for a ServiceError, else 500 (logged without its message). */
function sendFailure(error: unknown, req: IncomingMessage, res: ServerResponse, record: RequestRecord): void {
  const failure =
    error instanceof ServiceError
      ? error
      : new ServiceError(500, 'INTERNAL_ERROR', 'internal error in the local service');
  // The stack without its message line: the message of an unexpected error could quote request content.
  if (!(error instanceof ServiceError))
    console.error(
      'local service handler failed:',
      String((error as Error)?.stack)
        .split('\n')
        .slice(1, 4)
        .join('\n'),
    );
  record.status = failure.status;
  req.resume();
  sendJson(res, failure.status, failure.body(), failure.headers);
}

async function dispatch(
  req: IncomingMessage,
  url: URL,
  method: string,
  located: ReturnType<typeof familyOf>,
  record: RequestRecord,
  deps: HandlerDeps,
) {
  if (!located)
    throw new ServiceError(404, 'NOT_FOUND', 'paths must start with /v1/core/server or /v1/core/user');
  const version = requestVersion(req.headers[VERSION_HEADER], deps.pinnedVersion);
  record.effectiveVersion = version;
  const match = matchRoute(deps.routes, method, located.family, located.sub);
  if (match === 'not-found') throw new ServiceError(404, 'NOT_FOUND', 'no such endpoint');
  if (match === 'method-not-allowed')
    throw new ServiceError(405, 'METHOD_NOT_ALLOWED', 'method not allowed on this endpoint');
  if (match.route.since && !atLeast(version, match.route.since)) {
    throw new ServiceError(404, 'NOT_FOUND', `this endpoint needs API version ${match.route.since} or later`);
  }
  let caller: Caller | null = null;
  if (match.route.auth !== 'none') {
    caller = authenticateRequest(req, located.family, deps);
    record.caller = caller;
  }
  const raw = await readBody(req);
  const base = {
    req,
    family: located.family,
    params: match.params,
    query: url.searchParams,
    version,
    caller,
  };
  return match.route.handle(routeContext(base, raw, record));
}

/** The handler's view of a request whose body was read: JSON parsed once, on demand, field sizes logged. */
function routeContext(
  base: Omit<RouteContext, 'json' | 'form' | 'recordFields'>,
  raw: Buffer,
  record: RequestRecord,
): RouteContext {
  let json: { value: unknown } | undefined;
  return {
    ...base,
    json: () => {
      if (!json) {
        json = { value: liftNoteBodies(parseJsonBody(base.req, raw), base.version) };
        record.fields = fieldSizes(json.value);
      }
      return json.value;
    },
    form: () => parseMultipart(base.req, raw),
    recordFields: (value) => {
      record.fields = fieldSizes(value);
    },
  };
}
