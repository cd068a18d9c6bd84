/**
 * The one check of a clinician's bearer token on the broker's own routes (schedule, E/M): the identity
 * provider's token in `Authorization: Bearer`, verified as `/v1/token` verifies it (issuer, audience,
 * signature, token kind, `azp`, expiry) with the age limit of a session rather than of a sign-in, then the
 * claim that names the clinician and the organization's required group or role.
 */
import type { IncomingMessage } from 'node:http';
import type { TokenVerifier } from './idp-token-verifier.ts';
import { BrokerRefusal } from './refusal.ts';
import { checkRequiredClaim, externalIdFrom, type ClaimMapping } from './user-claim.ts';

/** The clinician's external id, once their token passed every check; a BrokerRefusal otherwise. */
export async function verifiedExternalId(
  req: IncomingMessage,
  verifier: TokenVerifier,
  mapping: ClaimMapping,
  maxAgeSec: number,
): Promise<string> {
  return (await verifiedClinician(req, verifier, mapping, maxAgeSec)).externalId;
}

/** The same, with when the token expires (ms since the epoch; the change stream ends then). */
export async function verifiedClinician(
  req: IncomingMessage,
  verifier: TokenVerifier,
  mapping: ClaimMapping,
  maxAgeSec: number,
): Promise<{ externalId: string; expiresAtMs: number | undefined }> {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec((req.headers.authorization ?? '').trim());
  if (!match) throw new BrokerRefusal('MISSING_TOKEN');
  const claims = await verifier.verify(match[1]!, maxAgeSec);
  const externalId = externalIdFrom(claims, mapping);
  checkRequiredClaim(claims, mapping);
  return { externalId, expiresAtMs: claims.exp === undefined ? undefined : claims.exp * 1000 };
}
