import { decodeJwt } from 'jose';
import type { HttpClient } from '../transport/http.ts';
import type { ServiceClock } from '../transport/service-clock.ts';
import { PROTOCOL } from '../protocol.ts';
import { AuthenticationError } from '../errors.ts';
import { UserTokensSchema, type UserTokens } from '../schemas/account.ts';
import { SingleFlight } from './single-flight.ts';
import type { AccessTokenSource } from './token-source.ts';

/** Re-obtains a user's tokens from scratch (e.g. through server credentials) when the refresh token is spent. */
export type UserReauthenticate = () => Promise<UserTokens>;

/** A clock that only moves forward: a change of the computer's date never ages a token. */
const monotonicNow = (): number => performance.timeOrigin + performance.now();

/**
 * User tokens: refreshed through `/jwt/refresh` ahead of expiry or after a 401, single-flight, with
 * rotation (the old refresh token is spent once used). Logout revokes the session.
 *
 * Freshness is judged from the lifetime the token had when it arrived (its `exp - iat`, both on the
 * service's clock) counted on this computer's clock from that moment — never by comparing this computer's
 * clock with `exp`, which a clock minutes fast would turn into a refresh on every call.
 */
export class UserTokenSource implements AccessTokenSource {
  readonly caller = 'user' as const;
  #tokens: UserTokens;
  /** When the access token stops being fresh, on the local clock (undefined: unknown, rely on 401). */
  #staleAt: number | undefined;
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
      /**
       * Asked before each refresh: true when the session must be renewed through `reauthenticate` instead
       * (an organization sign-in older than IT allows is re-checked at the identity provider).
       */
      mustReauthenticate?: () => boolean;
    } = {},
  ) {
    this.#tokens = initial;
    this.#staleAt = this.#staleAtFor(initial.access_token);
  }

  #now(): number {
    return (this.options.now ?? monotonicNow)();
  }

  /** Arrival time plus the token's own lifetime, less the refresh leeway. */
  #staleAtFor(accessToken: string): number | undefined {
    const lifetimeMs = accessTokenLifetime(accessToken, this.http.serviceClock);
    return lifetimeMs === undefined
      ? undefined
      : this.#now() + lifetimeMs - PROTOCOL.userTokenRefreshLeewayMs;
  }

  /** The current refresh token (for persistence). */
  get refreshToken(): string {
    return this.#tokens.refresh_token;
  }

  token(): Promise<string> {
    // An organization-supplied sign-in starts with the refresh token only: an empty or absent access token
    // is an expired one, refreshed before the first call rather than sent as `Bearer ` to earn a 401.
    if (!this.#tokens.access_token) return this.#flight.run(() => this.#refresh());
    if (this.#staleAt === undefined || this.#staleAt > this.#now()) {
      return Promise.resolve(this.#tokens.access_token);
    }
    return this.#flight.run(() => this.#refresh());
  }

  renew(rejected: string): Promise<string> {
    if (this.#tokens.access_token !== rejected) return Promise.resolve(this.#tokens.access_token);
    return this.#flight.run(() => this.#refresh());
  }

  /**
   * Renews the session through `reauthenticate` now, whatever the tokens' age (one at a time with any
   * refresh): for a caller that needs what a new sign-in brings besides the tokens.
   */
  protected reauthenticateNow(): Promise<string> {
    const reauthenticate = this.options.reauthenticate;
    if (!reauthenticate) return Promise.reject(new Error('this session cannot sign in again by itself'));
    return this.#flight.run(async () => this.#took(await reauthenticate()));
  }

  /** Revokes the session on the service. Local copies are the caller's to forget. */
  async logout(): Promise<void> {
    await this.#revoke(this.#tokens.refresh_token);
  }

  /** `/jwt/logout`: the service stops taking this refresh token (and its session). */
  async #revoke(refreshToken: string): Promise<void> {
    await this.http.request({
      method: 'POST',
      caller: 'user',
      path: '/jwt/logout',
      auth: null,
      body: { refresh_token: refreshToken },
      operation: 'logout',
      schema: UserTokensSchema.partial(),
    });
  }

  async #refresh(): Promise<string> {
    let next: UserTokens;
    if (this.options.reauthenticate && this.options.mustReauthenticate?.()) {
      // The session is renewed through the identity provider while its refresh token still works: once the
      // new pair is kept, the old session is revoked, so a copy of the old refresh token (a backup of the
      // vault, another process) cannot carry on past the re-check. Best effort: unreachable, it lapses.
      const replaced = this.#tokens.refresh_token;
      try {
        next = await this.options.reauthenticate();
      } catch (error) {
        // A failed re-check ends the session at the service too (issue 32): its refresh token would
        // otherwise still renew there, directly, for about 30 days. Best effort, like the revocation below.
        if (replaced) await this.#revoke(replaced).catch(() => undefined);
        throw error;
      }
      const access = await this.#took(next);
      if (replaced && replaced !== next.refresh_token) await this.#revoke(replaced).catch(() => undefined);
      return access;
    }
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
        throw new AuthenticationError(
          { kind: 'sign_in_expired', organization: false },
          {
            status: 401,
            operation: 'refresh-token',
          },
        );
      }
      next = await this.options.reauthenticate();
    }
    return this.#took(next);
  }

  /** Keeps a new pair (persisted before it is used) and returns its access token. */
  async #took(next: UserTokens): Promise<string> {
    this.#tokens = next;
    this.#staleAt = this.#staleAtFor(next.access_token);
    await this.options.onTokens?.(next);
    return next.access_token;
  }
}

/**
 * How long a JWT access token has left as it arrives, in ms: `exp - iat` (both claims on the service's
 * clock), or without `iat`, `exp` against the service's time once an answer showed it. Undefined for an
 * opaque token (then we rely on 401).
 */
function accessTokenLifetime(token: string, serviceClock?: ServiceClock): number | undefined {
  let claims: { exp?: unknown; iat?: unknown };
  try {
    claims = decodeJwt(token);
  } catch {
    return undefined;
  }
  const { exp, iat } = claims;
  if (typeof exp !== 'number') return undefined;
  if (typeof iat === 'number' && exp > iat) return (exp - iat) * 1000;
  return serviceClock?.known ? Math.max(0, exp * 1000 - serviceClock.now()) : undefined;
}
