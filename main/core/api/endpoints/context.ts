import type { HttpClient, HttpMethod } from '../transport/http.ts';
import type { AccessTokenSource } from '../auth/token-source.ts';
import type { z } from 'zod';
import { CallerNotAllowedError } from '../errors.ts';
import type { CallerOperation } from '../../../../preload/contract/index.ts';

/** What every endpoint function needs: the transport and the caller's token source. */
export interface CoreContext {
  readonly http: HttpClient;
  readonly auth: AccessTokenSource;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** One authenticated JSON call on the caller's own path family. */
export function call<T>(
  ctx: CoreContext,
  method: HttpMethod,
  path: string,
  schema: z.ZodType<T>,
  operation: string,
  extra: {
    body?: unknown;
    query?: Record<string, string | undefined>;
    idempotent?: boolean;
    form?: FormData;
  } & CallOptions = {},
): Promise<T> {
  return ctx.http.request({
    method,
    path,
    caller: ctx.auth.caller,
    auth: ctx.auth,
    schema,
    operation,
    ...extra,
  });
}

/** Refuses, before sending, an endpoint the contract reserves for server callers. */
export function requireServer(ctx: CoreContext, what: CallerOperation): void {
  if (ctx.auth.caller !== 'server') throw new CallerNotAllowedError('server', what, { retryable: false });
}

/** Refuses, before sending, an endpoint the contract reserves for user callers. */
export function requireUser(ctx: CoreContext, what: CallerOperation): void {
  if (ctx.auth.caller !== 'user') throw new CallerNotAllowedError('user', what, { retryable: false });
}

export const enc = encodeURIComponent;
