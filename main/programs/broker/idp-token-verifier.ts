/**
 * Checks a token presented by the desktop app with `jose`: signed by the identity provider (its JWKS,
 * found through the issuer's `/.well-known/openid-configuration`), issued by the configured issuer, for the
 * configured audience, not expired (with a small leeway for clocks). Every failure is a BrokerRefusal.
 */
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import { z } from 'zod';
import { isLoopbackHost } from './broker-config.ts';
import { BrokerRefusal } from './refusal.ts';
import { checkTokenKind, type PresentedToken } from './token-kind.ts';
import { VerifiedTokens } from './verified-tokens.ts';

const DiscoverySchema = z.looseObject({ issuer: z.string(), jwks_uri: z.string().url() });

/** Asymmetric algorithms only: an HMAC token would mean sharing a secret with every client. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];

/** What the verifier needs to know. */
export interface VerifierOptions {
  issuer: string;
  audience: string;
  clockToleranceSec: number;
  /** The oldest `iat` taken, in seconds before now (the broker's clock; plus `clockToleranceSec`). */
  maxTokenAgeSec: number;
  presentedToken: PresentedToken;
}

/** What the routes use of a verifier (the rate limit wraps it: rate-limit.ts). */
export type TokenVerifier = Pick<IdpTokenVerifier, 'verify'>;

/**
 * Verifies identity-provider tokens; keys are fetched once and refetched on an unknown `kid` (rotation). A
 * token verified once is not verified again while it lasts (verified-tokens.ts); its times are.
 */
export class IdpTokenVerifier {
  readonly #options: VerifierOptions;
  readonly #verified: VerifiedTokens;
  #keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  constructor(options: VerifierOptions) {
    this.#options = options;
    this.#verified = new VerifiedTokens(options.clockToleranceSec);
  }

  /**
   * The token's claims, or a refusal. `maxTokenAgeSec` overrides the age limit (the schedule routes take a
   * token for as long as the session it came from, not only just after its sign-in).
   */
  async verify(token: string, maxTokenAgeSec = this.#options.maxTokenAgeSec): Promise<JWTPayload> {
    const known = this.#verified.get(token, maxTokenAgeSec);
    if (known) return known;
    // A malformed token is the caller's fault (401), whether or not the provider can be reached now.
    try {
      decodeProtectedHeader(token);
      decodeJwt(token);
    } catch {
      throw new BrokerRefusal('INVALID_TOKEN');
    }
    const keys = await this.#jwks();
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keys, {
        issuer: this.#options.issuer,
        audience: this.#options.audience,
        clockTolerance: this.#options.clockToleranceSec,
        // A bearer token taken long after its sign-in is a replay, whatever its `exp` says.
        maxTokenAge: maxTokenAgeSec,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'iat'],
      });
      checkTokenKind(protectedHeader, payload, this.#options.presentedToken, this.#options.audience);
      this.#verified.remember(token, payload);
      return payload;
    } catch (error) {
      throw refusalFor(error);
    }
  }

  #jwks(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    // A failed discovery is not cached: the next request tries again.
    this.#keys ??= this.#discover().catch((error: unknown) => {
      this.#keys = undefined;
      throw error;
    });
    return this.#keys;
  }

  async #discover(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    const issuer = this.#options.issuer.replace(/\/$/, '');
    let document: z.infer<typeof DiscoverySchema>;
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      document = DiscoverySchema.parse(await response.json());
      // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for, and the keys
      // must not come over a channel anyone on the way could change.
      if (document.issuer.replace(/\/$/, '') !== issuer) throw new Error('discovery names another issuer');
      if (!jwksUriAllowed(document.jwks_uri)) throw new Error('discovery names a jwks_uri without TLS');
    } catch (cause) {
      throw new BrokerRefusal('ISSUER_UNAVAILABLE', { cause });
    }
    return createRemoteJWKSet(new URL(document.jwks_uri), {
      timeoutDuration: 10_000,
      cooldownDuration: 30_000,
    });
  }
}

/** A JWKS is fetched over https only (plain http on loopback: tests, a provider on the same host). */
export function jwksUriAllowed(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
}

/** Maps a jose verification error to the refusal that says what is wrong. */
function refusalFor(error: unknown): BrokerRefusal {
  if (error instanceof BrokerRefusal) return error;
  if (error instanceof errors.JWTExpired)
    return new BrokerRefusal(error.claim === 'iat' ? 'TOKEN_TOO_OLD' : 'TOKEN_EXPIRED');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return new BrokerRefusal('INVALID_TOKEN');
    if (error.claim === 'iss') return new BrokerRefusal('WRONG_ISSUER');
    if (error.claim === 'aud') return new BrokerRefusal('WRONG_AUDIENCE');
    if (error.claim === 'nbf' || error.claim === 'iat') return new BrokerRefusal('TOKEN_NOT_YET_VALID');
    return new BrokerRefusal('INVALID_TOKEN');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return new BrokerRefusal('BAD_SIGNATURE');
  if (
    error instanceof errors.JWKSTimeout ||
    (error instanceof errors.JOSEError && error.code === 'ERR_JWKS_INVALID')
  )
    return new BrokerRefusal('ISSUER_UNAVAILABLE');
  return new BrokerRefusal('INVALID_TOKEN');
}
