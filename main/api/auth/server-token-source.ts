import type { HttpClient } from '../transport/http.ts';
import { PROTOCOL } from '../protocol.ts';
import { ServerTokenSchema } from '../schemas/account.ts';
import { signClientAssertion, type ClientCredentials } from './client-assertion.ts';
import { SingleFlight } from './single-flight.ts';
import { ApiError } from '../errors.ts';
import { DEFAULT_RETRY, backoffDelay, sleep } from '../transport/retry.ts';
import type { AccessTokenSource } from './token-source.ts';

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
        await sleep(backoffDelay(attempt, DEFAULT_RETRY));
      }
    }
  }

  async #requestOnce(): Promise<string> {
    const issuedAt = this.#now();
    const assertion = await signClientAssertion(this.credentials, this.tokenUrl, issuedAt);
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
