import type { HttpClient } from '../transport/http.ts';
import { PROTOCOL } from '../protocol.ts';
import { ServerTokenSchema } from '../schemas/account.ts';
import { signClientAssertion, type ClientCredentials } from './client-assertion.ts';
import { SingleFlight } from './single-flight.ts';
import { ApiError, withNote } from '../errors.ts';
import type { ClockHint } from '../../../../preload/contract/index.ts';
import { delay } from '../../../base/async/delay.ts';
import { DEFAULT_RETRY, backoffDelay } from '../transport/retry.ts';
import type { AccessTokenSource } from './token-source.ts';

/** A clock this much off what the assertion assumed may be why it was refused: sign again, once. */
const CLOCK_RETRY_MS = 5_000;
/** A clock this far off the service's is named in the message of a refusal that persists. */
const CLOCK_SUSPECT_MS = 60_000;

/** Whether the service's clock showed somewhere else than an assertion assumed. */
function moved(assumedOffsetMs: number, offsetMs: number): boolean {
  return Math.abs(offsetMs - assumedOffsetMs) >= CLOCK_RETRY_MS;
}

/** A 4xx refusal from the token endpoint (401 or 400 for a claim rule; not 408/429, which are retried). */
function isAssertionRefusal(error: unknown): error is ApiError {
  const status = error instanceof ApiError ? error.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** A cached server token, e.g. as persisted in the token vault. */
export interface CachedServerToken {
  accessToken: string;
  expiresAt: number;
}

/**
 * Server access tokens from the OAuth client-assertion flow: cached, renewed ahead of expiry, and never
 * requested twice at once.
 */
export class ServerTokenSource implements AccessTokenSource {
  readonly caller = 'server' as const;
  #cached: CachedServerToken | undefined;
  readonly #flight = new SingleFlight<string>();

  constructor(
    private readonly http: HttpClient,
    private readonly credentials: ClientCredentials,
    private readonly options: {
      now?: () => number;
      /** Called with every new token, e.g. to keep it in the vault. */
      onToken?: (token: CachedServerToken) => void;
      initial?: CachedServerToken;
    } = {},
  ) {
    this.#cached = options.initial;
  }

  /** The token endpoint URL, which is also the assertion's audience. */
  get tokenUrl(): string {
    return this.http.url('server', '/oauth/token').href;
  }

  token(): Promise<string> {
    const now = this.#now();
    if (this.#cached && this.#cached.expiresAt - PROTOCOL.serverTokenRenewLeewayMs > now) {
      return Promise.resolve(this.#cached.accessToken);
    }
    return this.#flight.run(() => this.#request());
  }

  renew(rejected: string): Promise<string> {
    if (this.#cached?.accessToken === rejected) this.#cached = undefined;
    if (this.#cached) return Promise.resolve(this.#cached.accessToken);
    return this.#flight.run(() => this.#request());
  }

  /** Retries transient failures itself, because each attempt needs a fresh assertion (a jti is one-time). */
  async #request(): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#requestOnce();
      } catch (error) {
        if (!(error instanceof ApiError) || !error.retryable || attempt >= DEFAULT_RETRY.maxRetries)
          throw error;
        await delay(backoffDelay(attempt, DEFAULT_RETRY));
      }
    }
  }

  /**
   * One token exchange. A refused assertion whose answer showed the service's clock somewhere else than
   * assumed is signed again on the service's time, once: a clinician's clock is often minutes off.
   */
  async #requestOnce(): Promise<string> {
    const clock = this.http.serviceClock;
    const assumed = { known: clock.known, offsetMs: clock.offsetMs };
    try {
      return await this.#exchange();
    } catch (error) {
      if (!isAssertionRefusal(error)) throw error;
      if (!moved(assumed.offsetMs, clock.offsetMs)) throw this.#clockHint(error, assumed.known);
      const retried = clock.offsetMs;
      try {
        return await this.#exchange();
      } catch (again) {
        if (!isAssertionRefusal(again)) throw again;
        throw this.#clockHint(again, !moved(retried, clock.offsetMs));
      }
    }
  }

  /**
   * The refusal, told with what the clock has to do with it: unknown (no `Date` seen), so it may be the
   * cause; or allowed for already (`compensated`: the assertion was built on the service's time), so the
   * credentials are, though a clock a minute or more off is still worth setting right.
   */
  #clockHint(error: ApiError, compensated: boolean): ApiError {
    const clock = this.http.serviceClock;
    if (clock.known && Math.abs(clock.offsetMs) < CLOCK_SUSPECT_MS) return error;
    const hint: ClockHint = !clock.known
      ? { kind: 'unknown' }
      : { kind: compensated ? 'compensated' : 'off', offsetMs: clock.offsetMs };
    // Allowed for already, the clock is not why: the refusal keeps what it said of itself.
    const offset = hint.kind === 'unknown' ? {} : { clockOffsetMs: Math.round(hint.offsetMs) };
    if (hint.kind === 'compensated') return withNote(error, { kind: 'clock', hint }, offset);
    return withNote(error, { kind: 'clock', hint }, { clockSuspect: true, ...offset });
  }

  async #exchange(): Promise<string> {
    const issuedAt = this.#now();
    const assertion = await signClientAssertion(
      this.credentials,
      this.tokenUrl,
      this.http.serviceClock.now(),
    );
    const answer = await this.http.request({
      method: 'POST',
      caller: 'server',
      path: '/oauth/token',
      auth: null,
      operation: 'oauth-token',
      idempotent: false,
      includeServerMessage: true,
      body: {
        grant_type: 'client_credentials',
        client_assertion_type: PROTOCOL.clientAssertionType,
        client_assertion: assertion,
      },
      schema: ServerTokenSchema,
    });
    this.#cached = { accessToken: answer.access_token, expiresAt: issuedAt + answer.expires_in * 1000 };
    this.options.onToken?.(this.#cached);
    return answer.access_token;
  }

  #now(): number {
    return (this.options.now ?? Date.now)();
  }
}
