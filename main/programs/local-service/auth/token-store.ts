import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { ServiceError } from '../errors.ts';
import type { ServiceClock } from '../clock.ts';

/** Who made an authenticated request. */
export type Caller = { kind: 'server'; clientId: string } | { kind: 'user'; userId: string };

interface AccessRecord {
  caller: Caller;
  expiresAt: number;
}

interface RefreshRecord {
  userId: string;
  family: string;
  expiresAt: number;
  spent: boolean;
}

/** Token lifetimes in seconds. */
export interface TokenLifetimes {
  server: number;
  userAccess: number;
  refresh: number;
}

/**
 * Every token the service issued. Server tokens are opaque random strings; user tokens are JWTs (the
 * client reads their `exp` to refresh ahead of time) that the service still looks up by value, so it
 * can expire and revoke them whatever their claims say.
 */
export class TokenStore {
  readonly #access = new Map<string, AccessRecord>();
  readonly #refresh = new Map<string, RefreshRecord>();
  readonly #revokedFamilies = new Set<string>();
  readonly #secret = randomBytes(32);

  constructor(
    private readonly clock: ServiceClock,
    private readonly lifetimes: TokenLifetimes,
  ) {}

  /** Issues a server access token for an OAuth client. */
  issueServer(clientId: string): { access_token: string; expires_in: number } {
    const token = randomBytes(32).toString('base64url');
    this.#access.set(token, {
      caller: { kind: 'server', clientId },
      expiresAt: this.clock.now() + this.lifetimes.server * 1000,
    });
    return { access_token: token, expires_in: this.lifetimes.server };
  }

  /** Issues a new session (access + refresh token) for a user. */
  async issueUser(
    userId: string,
    family: string = randomUUID(),
  ): Promise<{ access_token: string; refresh_token: string }> {
    const now = this.clock.now();
    const access = await this.#sign(userId, 'access', now, this.lifetimes.userAccess);
    const refresh = await this.#sign(userId, 'refresh', now, this.lifetimes.refresh);
    this.#access.set(access, {
      caller: { kind: 'user', userId },
      expiresAt: now + this.lifetimes.userAccess * 1000,
    });
    this.#refresh.set(refresh, {
      userId,
      family,
      expiresAt: now + this.lifetimes.refresh * 1000,
      spent: false,
    });
    return { access_token: access, refresh_token: refresh };
  }

  /** The caller behind a bearer token; 401 when unknown or expired. */
  authenticate(token: string): Caller {
    const record = this.#access.get(token);
    if (!record) throw new ServiceError(401, 'UNAUTHORIZED', 'access token is not valid');
    if (record.expiresAt <= this.clock.now())
      throw new ServiceError(401, 'TOKEN_EXPIRED', 'access token has expired');
    return record.caller;
  }

  /**
   * Spends a refresh token and returns the user it belongs to and its family. A token spent before is a
   * replay: the whole family is revoked, as real services do, and the call is refused.
   */
  spendRefresh(token: string): { userId: string; family: string } {
    const record = this.#refresh.get(token);
    if (!record) throw new ServiceError(401, 'UNAUTHORIZED', 'refresh token is not valid');
    if (this.#revokedFamilies.has(record.family))
      throw new ServiceError(401, 'UNAUTHORIZED', 'refresh token was revoked');
    if (record.spent) {
      this.#revokedFamilies.add(record.family);
      throw new ServiceError(
        401,
        'REFRESH_TOKEN_REUSED',
        'refresh token was already used; the session is revoked',
      );
    }
    if (record.expiresAt <= this.clock.now())
      throw new ServiceError(401, 'TOKEN_EXPIRED', 'refresh token has expired');
    record.spent = true;
    return { userId: record.userId, family: record.family };
  }

  /** Revokes the session a refresh token belongs to (logout). */
  revokeSession(token: string): void {
    const record = this.#refresh.get(token);
    if (!record || this.#revokedFamilies.has(record.family)) {
      throw new ServiceError(401, 'UNAUTHORIZED', 'refresh token is not valid');
    }
    this.#revokedFamilies.add(record.family);
  }

  /** Makes every access token issued so far expired now. */
  expireAllAccessTokens(): void {
    const now = this.clock.now();
    for (const record of this.#access.values()) record.expiresAt = Math.min(record.expiresAt, now);
  }

  /** Makes every refresh token issued so far expired now. */
  expireAllRefreshTokens(): void {
    const now = this.clock.now();
    for (const record of this.#refresh.values()) record.expiresAt = Math.min(record.expiresAt, now);
  }

  /** How many access tokens were issued (for tests counting token requests). */
  get issuedAccessTokens(): number {
    return this.#access.size;
  }

  async #sign(
    userId: string,
    use: 'access' | 'refresh',
    nowMs: number,
    lifetimeSec: number,
  ): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT({ token_use: use })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSec)
      .setJti(randomUUID())
      .sign(this.#secret);
  }
}
