/**
 * The Server API door of the double (`/v1/server/...`): its own version series, and a bearer that is either
 * a Server API key or a server access token (the contract: the server access token is sent "on all Server
 * API endpoints"). A user token is refused: the Server API is for server callers only.
 */
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { ServiceError } from '../errors.ts';
import { matchRoute, type Route } from '../router.ts';
import type { Caller, TokenStore } from '../auth/token-store.ts';
import { VERSION_HEADER } from '../versions.ts';
import { serverApiVersion } from './versions.ts';

export const SERVER_API_PREFIX = '/v1/server';

/** What the door needs. */
export interface ServerApiDoor {
  routes: Route[];
  tokens: TokenStore;
  /** The organization's Server API keys (administration console, developers, API keys). */
  apiKeys: () => readonly string[];
  pinnedVersion: string;
}

function sameKey(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function authenticate(req: IncomingMessage, door: ServerApiDoor): Caller {
  const header = req.headers.authorization;
  const match = header ? /^Bearer ([^\s]+)$/.exec(header) : null;
  if (!match) throw new ServiceError(401, 'UNAUTHORIZED', 'Authorization: Bearer <key or token> is required');
  const presented = match[1]!;
  if (door.apiKeys().some((key) => sameKey(key, presented))) return { kind: 'server', clientId: 'api-key' };
  const caller = door.tokens.authenticate(presented);
  if (caller.kind !== 'server')
    throw new ServiceError(403, 'WRONG_TOKEN_KIND', 'a user token cannot call /v1/server endpoints');
  return caller;
}

/** Finds the route, version and caller of a Server API request (the sub-path is below the prefix). */
export function locateServerApi(req: IncomingMessage, method: string, sub: string, door: ServerApiDoor) {
  const version = serverApiVersion(req.headers[VERSION_HEADER], door.pinnedVersion);
  const match = matchRoute(door.routes, method, 'server', sub);
  if (match === 'not-found') throw new ServiceError(404, 'NOT_FOUND', 'no such endpoint');
  if (match === 'method-not-allowed')
    throw new ServiceError(405, 'METHOD_NOT_ALLOWED', 'method not allowed on this endpoint');
  if (match.route.since && version < match.route.since)
    throw new ServiceError(
      404,
      'NOT_FOUND',
      `this endpoint needs Server API version ${match.route.since} or later`,
    );
  const caller = authenticate(req, door);
  return { ...match, version, caller };
}
