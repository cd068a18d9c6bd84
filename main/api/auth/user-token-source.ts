import { decodeJwt } from 'jose';
import type { HttpClient } from '../transport/http.ts';
import { PROTOCOL } from '../protocol.ts';
import { AuthenticationError } from '../errors.ts';
import { UserTokensSchema, type UserTokens } from '../schemas/account.ts';
import { SingleFlight } from './single-flight.ts';
import type { AccessTokenSource } from './token-source.ts';

/** Re-obtains a user's tokens from scratch (e.g. through server credentials) when the refresh token is spent. */
export type UserReauthenticate = () => Promise<UserTokens>;

/**
 * User tokens: refreshed through `/jwt/refresh` ahead of expiry or after a 401, single-flight, with
 * rotation (the old refresh token is spent once used). Logout revokes the session.
 */
export class UserTokenSource implements AccessTokenSource {
  readonly caller = 'user' as const;
  #tokens: UserTokens;
  readonly #flight = new SingleFlight<string>();

  constructor(
    private readonly http: HttpClient,
    initial: UserTokens,
    private readonly options: {
      now?: () => number;
      /** Called with every new pair, so the rotated refresh token is persisted before it is used. */
      onTokens?: (tokens: UserTokens) => void | Promise<void>;
      /** When refresh is refused, obtain a fresh pair this way (server credentials); otherwise sign in again. */
      reauthenticate?: UserReauthenticate;
    } = {},
  ) {
    this.#tokens = initial;
  }

  /** The current refresh token (for persistence). */
  get refreshToken(): string {
    return this.#tokens.refresh_token;
  }

  token(): Promise<string> {
    // An organization-supplied sign-in starts with the refresh token only: an empty or absent access token
    // is an expired one, refreshed before the first call rather than sent as `Bearer ` to earn a 401.
    if (!this.#tokens.access_token) return this.#flight.run(() => this.#refresh());
    const expiresAt = accessTokenExpiry(this.#tokens.access_token);
    const now = (this.options.now ?? Date.now)();
    if (expiresAt === undefined || expiresAt - PROTOCOL.userTokenRefreshLeewayMs > now) {
      return Promise.resolve(this.#tokens.access_token);
    }
    return this.#flight.run(() => this.#refresh());
  }

  renew(rejected: string): Promise<string> {
    if (this.#tokens.access_token !== rejected) return Promise.resolve(this.#tokens.access_token);
    return this.#flight.run(() => this.#refresh());
  }

  /** Revokes the session on the service. Local copies are the caller's to forget. */
  async logout(): Promise<void> {
    await this.http.request({
      method: 'POST',
      caller: 'user',
      path: '/jwt/logout',
      auth: null,
      body: { refresh_token: this.#tokens.refresh_token },
      operation: 'logout',
      schema: UserTokensSchema.partial(),
    });
  }

  async #refresh(): Promise<string> {
    let next: UserTokens;
    try {
      next = await this.http.request({
        method: 'POST',
        caller: 'user',
        path: '/jwt/refresh',
        auth: null, // the contract: no Authorization header on refresh
        body: { refresh_token: this.#tokens.refresh_token },
        operation: 'refresh-token',
        schema: UserTokensSchema,
      });
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
      if (!this.options.reauthenticate) {
        throw new AuthenticationError('The sign-in has expired. Sign in again.', {
          status: 401,
          operation: 'refresh-token',
        });
      }
      next = await this.options.reauthenticate();
    }
    this.#tokens = next;
    await this.options.onTokens?.(next);
    return next.access_token;
  }
}

/** `exp` of a JWT access token in ms, or undefined for an opaque token (then we rely on 401). */
export function accessTokenExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
