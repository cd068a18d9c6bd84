import {
  compactVerify,
  decodeJwt,
  decodeProtectedHeader,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';
import { z } from 'zod';
import { ServiceError } from '../errors.ts';
import type { ServiceClock } from '../clock.ts';
import { assertionRefused, type ClientKeyRing } from './client-keys.ts';

const MAX_AHEAD_SEC = 5 * 60;
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const tokenRequest = z.object({
  grant_type: z.unknown(),
  client_assertion_type: z.unknown(),
  client_assertion: z.unknown(),
});

/**
 * Verifies a token request against every rule of the contract's claim table, in order, refusing each
 * violation with its own reason. Returns the client id. `usedJti` remembers one-time ids until the
 * assertion that carried them would have expired anyway.
 */
export async function verifyTokenRequest(
  body: unknown,
  keys: ClientKeyRing,
  clock: ServiceClock,
  audience: string,
  usedJti: Map<string, number>,
): Promise<string> {
  const parsed = tokenRequest.safeParse(body);
  if (!parsed.success || body === null || typeof body !== 'object') {
    throw new ServiceError(400, 'INVALID_GRANT', 'token request body must be a JSON object');
  }
  const { grant_type, client_assertion_type, client_assertion } = parsed.data;
  if (grant_type !== 'client_credentials') {
    throw new ServiceError(400, 'INVALID_GRANT', 'grant_type must be client_credentials');
  }
  if (client_assertion_type !== JWT_BEARER) {
    throw new ServiceError(400, 'INVALID_GRANT', `client_assertion_type must be ${JWT_BEARER}`);
  }
  if (typeof client_assertion !== 'string' || client_assertion.length === 0) {
    throw new ServiceError(400, 'INVALID_GRANT', 'client_assertion is required');
  }
  const { header, claims } = decode(client_assertion);
  if (header.alg !== 'RS256') throw assertionRefused('alg must be RS256');
  // The vendor's backend sends no `typ` and the real service accepts it (public facts); one that is there
  // must say JWT.
  if (header.typ !== undefined && header.typ !== 'JWT') throw assertionRefused('typ must be JWT');
  if (typeof claims.sub !== 'string' || claims.sub.length === 0) throw assertionRefused('sub is required');
  if (claims.iss !== claims.sub) throw assertionRefused('iss must equal sub');
  if (!keys.has(claims.sub)) throw assertionRefused('sub is not a known OAuth client');
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const key = await keys.keyFor(claims.sub, kid);
  try {
    await compactVerify(client_assertion, key, { algorithms: ['RS256'] });
  } catch {
    throw assertionRefused('signature does not verify with the client key');
  }
  if (claims.aud !== audience) throw assertionRefused('aud must be the full URL of the token endpoint');
  checkTimes(claims, clock.nowSec());
  rememberJti(claims, usedJti, clock.nowSec());
  return claims.sub;
}

function decode(jwt: string): { header: ProtectedHeaderParameters; claims: JWTPayload } {
  try {
    return { header: decodeProtectedHeader(jwt), claims: decodeJwt(jwt) };
  } catch {
    throw assertionRefused('client_assertion is not a signed compact JWT');
  }
}

function checkTimes(claims: JWTPayload, now: number): void {
  const { exp, iat } = claims;
  if (exp === undefined) throw assertionRefused('exp is required');
  if (typeof exp !== 'number' || !Number.isFinite(exp))
    throw assertionRefused('exp must be a number of seconds');
  if (exp < now) throw assertionRefused('exp is in the past');
  if (exp > now + MAX_AHEAD_SEC) throw assertionRefused('exp is more than 5 minutes in the future');
  if (iat === undefined) return;
  if (typeof iat !== 'number' || !Number.isFinite(iat))
    throw assertionRefused('iat must be a number of seconds');
  if (iat > now) throw assertionRefused('iat is in the future');
  if (exp - iat > MAX_AHEAD_SEC) throw assertionRefused('iat is not within 5 minutes of exp');
}

function rememberJti(claims: JWTPayload, usedJti: Map<string, number>, now: number): void {
  for (const [key, exp] of usedJti) if (exp < now) usedJti.delete(key);
  if (claims.jti === undefined) return;
  if (typeof claims.jti !== 'string' || claims.jti.length === 0)
    throw assertionRefused('jti must be a string');
  const key = `${claims.sub}\u0000${claims.jti}`;
  if (usedJti.has(key)) throw assertionRefused('jti has already been used (replay)');
  usedJti.set(key, claims.exp as number);
}
