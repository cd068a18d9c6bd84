import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServiceError } from './errors.ts';
import type { HandledRequest, ServiceExtension } from './extension.ts';
import { parseJsonBody, parseMultipart, readBody, sendJson } from './http-io.ts';
import { matchRoute, type Family, type Route, type RouteContext } from './router.ts';
import type { Caller, TokenStore } from './auth/token-store.ts';
import type { UserStore } from './users.ts';
import { VERSION_HEADER, atLeast, requestVersion } from './versions.ts';
import { liftNoteBodies, lowerNoteBodies } from './note-versions.ts';
import { SERVER_API_PREFIX, locateServerApi, type ServerApiDoor } from './server-api/dispatch.ts';

/** What the request handler needs. */
export interface HandlerDeps {
  routes: Route[];
  tokens: TokenStore;
  users: UserStore;
  pinnedVersion: string;
  now: () => number;
  /** The Server API (`/v1/server`), when this service has one. */
  serverApi?: ServerApiDoor;
}

const PREFIXES: Record<Family, string> = { server: '/v1/core/server', user: '/v1/core/user' };

function familyOf(path: string): { family: Family; sub: string } | undefined {
  for (const [family, prefix] of Object.entries(PREFIXES) as [Family, string][]) {
    if (path.startsWith(`${prefix}/`)) return { family, sub: path.slice(prefix.length) };
  }
  return undefined;
}

/** The bearer caller of a request, with the contract's 401/403 rules. */
function authenticateRequest(
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

/** Builds the node:http request listener; the extension (if any) wraps each exchange. */
export function createHandler(
  deps: HandlerDeps,
  extension: ServiceExtension,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => extension.http(req, res, () => handle(req, res, deps));
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps): Promise<HandledRequest> {
  const url = new URL(req.url ?? '/', 'http://local');
  const method = (req.method ?? 'GET').toUpperCase();
  const handled: HandledRequest = { effectiveVersion: null, caller: null };
  // The service's own time, not the computer's: clients learn a clock offset from it.
  res.setHeader('date', new Date(deps.now()).toUTCString());
  try {
    const reply = await dispatch(req, url, method, handled, deps);
    const body = lowerNoteBodies(reply.body, handled.effectiveVersion ?? deps.pinnedVersion);
    sendJson(res, reply.status ?? 200, body, reply.headers);
  } catch (error) {
    sendFailure(error, req, res);
  }
  return handled;
}

/** Answers a thrown error: its own status for a ServiceError, else 500 (logged without its message). */
function sendFailure(error: unknown, req: IncomingMessage, res: ServerResponse): void {
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
  req.resume();
  sendJson(res, failure.status, failure.body(), failure.headers);
}

async function dispatch(
  req: IncomingMessage,
  url: URL,
  method: string,
  handled: HandledRequest,
  deps: HandlerDeps,
) {
  if (deps.serverApi && url.pathname.startsWith(`${SERVER_API_PREFIX}/`))
    return dispatchServerApi(req, url, method, handled, deps.serverApi);
  const located = familyOf(url.pathname);
  if (!located)
    throw new ServiceError(404, 'NOT_FOUND', 'paths must start with /v1/core/server or /v1/core/user');
  const version = requestVersion(req.headers[VERSION_HEADER], deps.pinnedVersion);
  handled.effectiveVersion = version;
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
    handled.caller = caller;
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
  return match.route.handle(routeContext(base, raw, handled));
}

/** A Server API request: its own version series and bearer rules (server-api/dispatch.ts). */
async function dispatchServerApi(
  req: IncomingMessage,
  url: URL,
  method: string,
  handled: HandledRequest,
  door: ServerApiDoor,
) {
  const found = locateServerApi(req, method, url.pathname.slice(SERVER_API_PREFIX.length), door);
  handled.effectiveVersion = found.version;
  handled.caller = found.caller;
  const raw = await readBody(req);
  const base = { req, family: 'server' as const, params: found.params, query: url.searchParams };
  return found.route.handle(
    routeContext({ ...base, version: found.version, caller: found.caller }, raw, handled),
  );
}

/** The handler's view of a request whose body was read: JSON parsed once, on demand. */
function routeContext(
  base: Omit<RouteContext, 'json' | 'form' | 'recordFields'>,
  raw: Buffer,
  handled: HandledRequest,
): RouteContext {
  let json: { value: unknown } | undefined;
  return {
    ...base,
    json: () => {
      if (!json) {
        json = { value: liftNoteBodies(parseJsonBody(base.req, raw), base.version) };
        handled.read = json.value;
      }
      return json.value;
    },
    form: () => parseMultipart(base.req, raw),
    recordFields: (value) => {
      handled.read = value;
    },
  };
}
