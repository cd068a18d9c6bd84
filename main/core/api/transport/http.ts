import type { z } from 'zod';
import { PROTOCOL, prefixFor, type CallerKind } from '../protocol.ts';
import { joinUrl } from '../base-url.ts';
import {
  ApiError,
  ConnectionError,
  ResponseShapeError,
  TimeoutError,
  apiErrorFromResponse,
  isRetryableStatus,
  shapeField,
} from '../errors.ts';
import type { AccessTokenSource } from '../auth/token-source.ts';
import { delay } from '../../../base/async/delay.ts';
import { DEFAULT_RETRY, backoffDelay, retryAfterMs, type BackoffPolicy } from './retry.ts';
import { readCapped } from './bounded-body.ts';
import { ServiceClock } from './service-clock.ts';

/** Largest answer read (a note, a transcript, a job payload); anything larger is refused unread. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** Largest error body read: `{message, code, name, trace_id}` is tiny; the rest is never looked at. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface HttpClientOptions {
  baseUrl: URL;
  apiVersion?: string;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  retry?: BackoffPolicy;
  fetch?: typeof fetch;
  /** For tests: deterministic jitter. */
  random?: () => number;
  /** The service's clock as answers show it (one per client by default). */
  serviceClock?: ServiceClock;
}

export interface RequestOptions<T> {
  method: HttpMethod;
  /** Path below the caller prefix, e.g. "/generate-note". */
  path: string;
  /** Another path prefix than the caller's (the Server API's `/v1/server`). */
  prefix?: string;
  caller: CallerKind;
  /** Bearer token source; `null` for unauthenticated calls (token request, refresh). */
  auth: AccessTokenSource | null;
  body?: unknown;
  form?: FormData;
  query?: Record<string, string | undefined>;
  schema: z.ZodType<T>;
  /** Name of the operation for errors and logs, e.g. "generate-note". */
  operation: string;
  /** POSTs are retried only when they are idempotent (carry a client_request_id). */
  idempotent?: boolean;
  /** Authentication endpoints may surface the server's reason, which carries no patient data. */
  includeServerMessage?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * The one HTTP path to the Core API: version header, bearer token with a single refresh-and-retry on 401,
 * jittered retries for 408/429/5xx where a retry cannot duplicate work, zod parsing of every answer.
 */
export class HttpClient {
  readonly baseUrl: URL;
  readonly apiVersion: string;
  /** The service's time, learned from the `Date` header of every answer (a clinician's clock is often off). */
  readonly serviceClock: ServiceClock;
  readonly #timeoutMs: number;
  readonly #retry: BackoffPolicy;
  readonly #fetch: typeof fetch;
  readonly #random: () => number;

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl;
    this.apiVersion = options.apiVersion ?? PROTOCOL.apiVersion;
    this.#timeoutMs = options.timeoutMs ?? 120_000;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#fetch = options.fetch ?? fetch;
    this.#random = options.random ?? Math.random;
    this.serviceClock = options.serviceClock ?? new ServiceClock();
  }

  /** Full URL of a Core path for a caller. */
  url(caller: CallerKind, path: string, query?: Record<string, string | undefined>, prefix?: string): URL {
    return joinUrl(this.baseUrl, `${prefix ?? prefixFor(caller)}${path}`, query);
  }

  async request<T>(options: RequestOptions<T>): Promise<T> {
    const retryable =
      options.method !== 'POST' && options.method !== 'PATCH' ? true : options.idempotent === true;
    let token = options.auth ? await options.auth.token() : undefined;
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.#send(options, token);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const failure = error instanceof ApiError ? error : new ConnectionError(options.operation, error);
        if (retryable && attempt < this.#retry.maxRetries) {
          await delay(backoffDelay(attempt, this.#retry, this.#random), options.signal);
          options.signal?.throwIfAborted();
          continue;
        }
        throw failure;
      }
      this.serviceClock.observe(response.headers.get('date'));
      if (response.ok) return this.#parse(response, options);
      const body = await readErrorBody(response);
      if (response.status === 401 && options.auth && token !== undefined && !renewed) {
        renewed = true;
        token = await options.auth.renew(token);
        attempt--; // a refresh is not a retry
        continue;
      }
      const error = apiErrorFromResponse(response.status, body, options.operation, {
        includeServerMessage: options.includeServerMessage,
      });
      if (retryable && isRetryableStatus(response.status) && attempt < this.#retry.maxRetries) {
        const hinted = retryAfterMs(response.headers.get('retry-after'), this.#retry.capMs);
        await delay(hinted ?? backoffDelay(attempt, this.#retry, this.#random), options.signal);
        options.signal?.throwIfAborted();
        continue;
      }
      throw error;
    }
  }

  async #send<T>(options: RequestOptions<T>, token: string | undefined): Promise<Response> {
    const headers: Record<string, string> = {
      [PROTOCOL.versionHeader]: this.apiVersion,
      accept: 'application/json',
    };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const timeout = AbortSignal.timeout(options.timeoutMs ?? this.#timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      return await this.#fetch(this.url(options.caller, options.path, options.query, options.prefix), {
        method: options.method,
        headers,
        body,
        signal,
      });
    } catch (error) {
      if (timeout.aborted && !options.signal?.aborted) throw new TimeoutError(options.operation);
      throw error;
    }
  }

  async #parse<T>(response: Response, options: RequestOptions<T>): Promise<T> {
    const text = await readCapped(response, MAX_ANSWER_BYTES);
    if (text === undefined) {
      throw new ResponseShapeError('answer_too_large', {
        status: response.status,
        operation: options.operation,
      });
    }
    let json: unknown = undefined;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        throw new ResponseShapeError('answer_not_json', {
          status: response.status,
          operation: options.operation,
        });
      }
    }
    const parsed = options.schema.safeParse(json ?? {});
    if (!parsed.success) {
      // Paths and issue codes only: the values themselves may be patient data.
      const where = parsed.error.issues.slice(0, 3).map((issue) => shapeField(issue.path, issue.code));
      throw new ResponseShapeError(
        'answer_not_understood',
        { status: response.status, operation: options.operation },
        where,
      );
    }
    return parsed.data;
  }
}

async function readErrorBody(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const text = await readCapped(response, MAX_ERROR_BODY_BYTES);
    if (text === undefined) return undefined;
    const json: unknown = JSON.parse(text);
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
