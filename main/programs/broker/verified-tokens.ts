/**
 * Tokens the verifier has verified, remembered by their SHA-256 so that a desktop's next requests with the
 * same token are not verified again (issue 34: a signature check on every schedule request, on the
 * runtime's thread pool, was the largest part of the broker's own time on a route). What a token's bytes
 * fix (signature, issuer, audience, kind) cannot change; what time changes (`exp`, and the age of `iat`
 * against the route's limit) is checked again on every use, and a token that fails it is verified in full,
 * so the refusal is the one a first check gives. An entry lasts until its token expires and at most
 * KEEP_MS, no longer than the provider's keys are kept (a key the provider withdrew stops counting within
 * that much more); bounded, the least recently used going first.
 */
import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';

/** The longest a verification is reused. */
export const KEEP_MS = 5 * 60_000;
/** Most tokens remembered at once. */
const MAX_ENTRIES = 10_000;

/** Verified tokens' claims by the token's hash. */
export class VerifiedTokens {
  readonly #entries = new Map<string, { claims: JWTPayload; until: number }>();

  constructor(
    private readonly toleranceSec: number,
    private readonly now: () => number = Date.now,
    private readonly max = MAX_ENTRIES,
  ) {}

  /** The claims of `token` when it was verified and its times still pass with `maxAgeSec`; else undefined. */
  get(token: string, maxAgeSec: number): JWTPayload | undefined {
    const key = hash(token);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // The time checks jose makes (jwt_claims_set.js), in seconds, with the same tolerance.
    const now = this.now();
    const nowSec = Math.floor(now / 1000);
    const { exp, iat } = entry.claims as { exp: number; iat: number };
    if (entry.until <= now || exp <= nowSec - this.toleranceSec) {
      this.#entries.delete(key);
      return undefined;
    }
    // Too old for this route, perhaps not for another (a sign-in's limit is shorter than a session's).
    if (nowSec - iat - this.toleranceSec > maxAgeSec) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.claims;
  }

  /** Remembers the claims of a token that passed every check. */
  remember(token: string, claims: JWTPayload): void {
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return;
    const until = Math.min(claims.exp * 1000, this.now() + KEEP_MS);
    const key = hash(token);
    this.#entries.delete(key);
    this.#entries.set(key, { claims, until });
    while (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

function hash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
