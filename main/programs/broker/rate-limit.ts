/**
 * The broker's request limit, a fixed window per minute counted in the shared store (per instance with the
 * in-memory store, across every instance with Redis). It keys on who the request is for, not where it comes
 * from (docs/sign-in.md, "Rate limit"): dozens of clinicians share one address behind a Citrix host or a
 * clinic's NAT, so a request whose token verifies counts against the clinician the token names (its `sub`,
 * or the address and `sub` together when IT scopes it so), and only a request whose token does not verify
 * (none, malformed, forged, another issuer's) counts against its address. A garbage sender is limited; the
 * honest clinicians behind the same address are not refused for it. When the shared store cannot be reached
 * a verified request is refused (503) rather than let through uncounted.
 */
import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { BrokerRefusal, type RefusalName } from './refusal.ts';
import type { SharedStore } from './shared-store.ts';
import type { TokenVerifier } from './idp-token-verifier.ts';

const WINDOW_MS = 60_000;

/** What a verified request's count keys on: its token's subject, or its address and subject together. */
export type RateLimitKey = 'subject' | 'address-subject';

/** Refusals of a request that proved nothing: counted against the address it came from. */
const UNVERIFIED: ReadonlySet<RefusalName> = new Set<RefusalName>([
  'MISSING_TOKEN',
  'INVALID_TOKEN',
  'BAD_SIGNATURE',
  'WRONG_ISSUER',
  'WRONG_AUDIENCE',
  'WRONG_TOKEN_TYPE',
  'WEBHOOK_REFUSED',
]);

/** Counts requests against a per-minute limit, per clinician once verified, per address otherwise. */
export class RateLimiter {
  constructor(
    private readonly perMinute: number,
    private readonly store: SharedStore,
    private readonly keyBy: RateLimitKey = 'subject',
  ) {}

  /** Whether its shared store answers now (the broker's readiness). */
  ready(): Promise<boolean> {
    return this.store.ready();
  }

  /** The verifier as one request's routes use it: a token that verifies counts against its clinician. */
  counting(verifier: TokenVerifier, address: string): TokenVerifier {
    return {
      verify: async (token, maxAgeSec) => {
        const claims = await verifier.verify(token, maxAgeSec);
        await this.#take(this.#clinicianKey(claims, address));
        return claims;
      },
    };
  }

  /**
   * The answer to a refused request: one that proved nothing counts against its address and, past the
   * limit, becomes RATE_LIMITED. Any other refusal (and any refusal while the store is down) stays as it is.
   */
  async answer(refusal: BrokerRefusal, address: string): Promise<BrokerRefusal> {
    if (!UNVERIFIED.has(refusal.refusal)) return refusal;
    try {
      await this.#take(`rate:${address}`);
      return refusal;
    } catch (error) {
      return error instanceof BrokerRefusal && error.refusal === 'RATE_LIMITED' ? error : refusal;
    }
  }

  /** Counts a request; throws RATE_LIMITED (with the seconds until the window resets) past the limit. */
  async #take(key: string): Promise<void> {
    let hit;
    try {
      hit = await this.store.hit(key, WINDOW_MS);
    } catch (error) {
      throw new BrokerRefusal('STORE_UNAVAILABLE', { cause: error });
    }
    if (hit.count <= this.perMinute) return;
    throw new BrokerRefusal('RATE_LIMITED', { retryAfterSec: Math.max(1, Math.ceil(hit.resetInMs / 1000)) });
  }

  /** The store names a clinician by a hash of the subject (and address), never the identifier itself. */
  #clinicianKey(claims: JWTPayload, address: string): string {
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    if (!subject) return `rate:${address}`;
    const named = this.keyBy === 'subject' ? subject : `${address} ${subject}`;
    return `rate:sub:${createHash('sha256').update(named).digest('hex').slice(0, 32)}`;
  }
}
