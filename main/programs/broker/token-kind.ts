/**
 * Which token the broker takes: an ID token issued to the desktop app (the default), or an access token
 * for the broker's own API. A signed token of another kind from the same provider (an access token for
 * another API, a logout token, a token issued to another client that lists the app among its audiences)
 * is a credential the desktop never meant to present: refused. OpenID Connect Core §3.1.3.7 for `azp`.
 */
import type { JWTHeaderParameters, JWTPayload } from 'jose';
import { BrokerRefusal } from './refusal.ts';

/** The token the desktop presents (`signInPresentedToken` on the desktop side). */
export type PresentedToken = 'id_token' | 'access_token';

/** `typ` values, lower-cased and without `application/` (RFC 8725 §3.11); absent is allowed too. */
const TYPES: Readonly<Record<PresentedToken, readonly string[]>> = {
  id_token: ['jwt'],
  // RFC 9068 says `at+jwt`; Entra ID and others still write `JWT` on their access tokens.
  access_token: ['at+jwt', 'jwt'],
};

/** Refuses a token that is not the kind configured, or (ID token) not issued to `clientId`. */
export function checkTokenKind(
  header: JWTHeaderParameters,
  claims: JWTPayload,
  presented: PresentedToken,
  clientId: string,
): void {
  const typ =
    typeof header.typ === 'string' ? header.typ.toLowerCase().replace(/^application\//, '') : undefined;
  if (header.typ !== undefined && (typ === undefined || !TYPES[presented].includes(typ)))
    throw new BrokerRefusal('WRONG_TOKEN_TYPE');
  if (presented === 'access_token') return;
  // A security event (e.g. a back-channel logout token) is never an ID token, whatever its `typ`.
  if (claims.events !== undefined) throw new BrokerRefusal('WRONG_TOKEN_TYPE');
  if (typeof claims.sub !== 'string' || claims.sub.length === 0) throw new BrokerRefusal('INVALID_TOKEN');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  // Issued to another client that lists the app as one audience among several: not the app's token.
  if (audiences.length > 1 && claims.azp === undefined) throw new BrokerRefusal('WRONG_AUDIENCE');
  if (claims.azp !== undefined && claims.azp !== clientId) throw new BrokerRefusal('WRONG_AUDIENCE');
}
