import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpClient } from '../../../../main/core/api/transport/http.ts';
import {
  AuthenticationError,
  ConnectionError,
  ResponseShapeError,
  ServerError,
} from '../../../../main/core/api/errors.ts';
import type { AccessTokenSource } from '../../../../main/core/api/auth/token-source.ts';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function client(handler: Handler) {
  const calls: Array<{ url: URL; init: RequestInit }> = [];
  const http = new HttpClient({
    baseUrl: new URL('https://us.api.example.com'),
    retry: { baseMs: 1, capMs: 2, maxRetries: 3 },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push({ url, init: init ?? {} });
      return handler(url, init ?? {});
    }) as typeof fetch,
  });
  return { http, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

class FakeTokens implements AccessTokenSource {
  readonly caller = 'user' as const;
  renewals = 0;
  current = 'token-1';
  token = async () => this.current;
  renew = async () => {
    this.renewals++;
    this.current = `token-${this.renewals + 1}`;
    return this.current;
  };
}

const Any = z.looseObject({ ok: z.boolean() });

/** A POST to /x as a user with a fresh token source (`idempotent` and the rest as `extra` says). */
const userPost = (http: ReturnType<typeof client>['http'], extra: { idempotent?: boolean } = {}) =>
  http.request({
    method: 'POST',
    path: '/x',
    caller: 'user',
    auth: new FakeTokens(),
    schema: Any,
    operation: 't',
    body: {},
    ...extra,
  });

describe('HttpClient', () => {
  it('sends the pinned version header and the bearer token on the caller path', async () => {
    const { http, calls } = client(() => json(200, { ok: true, extra: 'kept' }));
    const result = await http.request({
      method: 'GET',
      path: '/note-settings',
      caller: 'user',
      auth: new FakeTokens(),
      schema: Any,
      operation: 't',
    });
    expect(result).toEqual({ ok: true, extra: 'kept' });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['X-Nabla-Api-Version']).toBe('2026-10-05');
    expect(headers.authorization).toBe('Bearer token-1');
    expect(calls[0]!.url.pathname).toBe('/v1/core/user/note-settings');
  });

  it('renews once on 401 and retries with the new token', async () => {
    const tokens = new FakeTokens();
    const { http, calls } = client((_url, init) =>
      (init.headers as Record<string, string>).authorization === 'Bearer token-1'
        ? json(401, { code: 1, name: 'UNAUTHORIZED' })
        : json(200, { ok: true }),
    );
    await http.request({
      method: 'POST',
      path: '/generate-note',
      caller: 'user',
      auth: tokens,
      schema: Any,
      operation: 't',
      body: {},
    });
    expect(tokens.renewals).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('gives up after one renewal when 401 persists', async () => {
    const tokens = new FakeTokens();
    const { http } = client(() => json(401, {}));
    await expect(
      http.request({ method: 'GET', path: '/x', caller: 'user', auth: tokens, schema: Any, operation: 't' }),
    ).rejects.toBeInstanceOf(AuthenticationError);
    expect(tokens.renewals).toBe(1);
  });

  it('retries 503 on GET but never on a POST without client_request_id', async () => {
    const get = client(() => json(503, { code: 9, name: 'UNAVAILABLE', trace_id: 'tr-1' }));
    const error = await get.http
      .request({
        method: 'GET',
        path: '/x',
        caller: 'user',
        auth: new FakeTokens(),
        schema: Any,
        operation: 't',
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.retryable).toBe(true);
    expect(error.traceId).toBe('tr-1');
    expect(get.calls).toHaveLength(4);
    const post = client(() => json(503, {}));
    await expect(userPost(post.http)).rejects.toBeInstanceOf(ServerError);
    expect(post.calls).toHaveLength(1);
  });

  it('retries an idempotent POST after 429 and a dropped connection, then succeeds', async () => {
    let n = 0;
    const { http, calls } = client(() => {
      n++;
      if (n === 1) return json(429, {}, { 'retry-after': '0' });
      if (n === 2) throw new TypeError('fetch failed');
      return json(200, { ok: true });
    });
    await userPost(http, { idempotent: true });
    expect(calls).toHaveLength(3);
  });

  it('reports an unreachable service as a ConnectionError', async () => {
    const { http } = client(() => {
      throw new TypeError('fetch failed');
    });
    await expect(
      http.request({ method: 'GET', path: '/x', caller: 'user', auth: null, schema: Any, operation: 't' }),
    ).rejects.toBeInstanceOf(ConnectionError);
  });

  it('names the field, never the value, when an answer has the wrong shape', async () => {
    const { http } = client(() => json(200, { ok: 'CANARY-PATIENT-NAME' }));
    const error = await http
      .request({ method: 'GET', path: '/x', caller: 'user', auth: null, schema: Any, operation: 't' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error.summary()).toContain('at ok: invalid_type');
    expect(error.summary()).not.toContain('CANARY');
  });
});
