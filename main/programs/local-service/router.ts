import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { Caller } from './auth/token-store.ts';
import { badRequest } from './errors.ts';

/** The two Core path families. */
export type Family = 'server' | 'user';

/** What a handler gets. */
export interface RouteContext {
  req: IncomingMessage;
  family: Family;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The API version the request targets. */
  version: string;
  /** The authenticated caller; null on unauthenticated routes. */
  caller: Caller | null;
  /** The JSON body (400 when it is not JSON). */
  json(): unknown;
  /** The multipart body (400 when it is not multipart). */
  form(): Promise<FormData>;
  /** Names the value read from a multipart body as the request's (JSON bodies: json() does it). */
  recordFields(value: unknown): void;
}

/** What a handler answers. */
interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One endpoint. */
export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path below the family prefix, with `:name` parameters. */
  path: string;
  families: readonly Family[];
  /** `none` for the token, refresh and logout endpoints. Default bearer. */
  auth?: 'bearer' | 'none';
  /** First API version that has this endpoint; older versions answer 404. */
  since?: string;
  handle(ctx: RouteContext): Promise<Reply> | Reply;
}

/** The result of looking a request up. */
export type Match = { route: Route; params: Record<string, string> } | 'not-found' | 'method-not-allowed';

/** Finds the route for a method, family and sub-path. */
export function matchRoute(routes: readonly Route[], method: string, family: Family, path: string): Match {
  let pathMatched = false;
  const segments = path.split('/');
  for (const route of routes) {
    if (!route.families.includes(family)) continue;
    const params = matchPath(route.path.split('/'), segments);
    if (!params) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  return pathMatched ? 'method-not-allowed' : 'not-found';
}

function matchPath(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = segments[i]!;
    if (expected.startsWith(':')) {
      if (actual.length === 0) return undefined;
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (expected !== actual) return undefined;
  }
  return params;
}

/** A field name as it may appear in an error: identifiers and indexes only (map keys may be data). */
function safeName(key: PropertyKey): string {
  if (typeof key === 'number') return String(key);
  return typeof key === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key) ? key : '(key)';
}

/**
 * Parses a request value with a zod schema; failures become 400 naming the fields and rules at fault,
 * never the values (they may be patient data).
 */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, what = 'request body'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(safeName).join('.') : '(root)';
    // Unknown field names help find a client typo; anything that does not look like a field name is withheld.
    const keys =
      issue.code === 'unrecognized_keys' ? ` ${issue.keys.map((key) => safeName(key)).join(', ')}` : '';
    // zod's own text for unknown keys quotes them; for other issues it names types, limits and options only.
    const detail = issue.code !== 'unrecognized_keys' && issue.message ? ` (${issue.message})` : '';
    return `${where}: ${issue.code}${keys}${detail}`;
  });
  throw badRequest(`invalid ${what}: ${issues.join('; ')}`);
}
