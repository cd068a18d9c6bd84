/**
 * Which clinician a verified token names, and whether the organization lets them in. The claim that becomes
 * the service user's `external_id` must be one the person cannot set for themselves: `oid`/`sub` are
 * assigned by the identity provider and never reused; an e-mail address counts only when the token says the
 * provider verified it (`email_verified: true`), and `upn`/`preferred_username` — which an administrator, or
 * in some tenants the user, can rename, so that the name passes to another person — only when IT declares
 * them trusted (`userClaimTrusted`, checked when the broker starts).
 */
import type { JWTPayload } from 'jose';
import { LIMITS } from '../../core/api/limits.ts';
import { BrokerRefusal } from './refusal.ts';

/** Which claims name the clinician, and which claim lets them in. */
export interface ClaimMapping {
  userClaim: string;
  specialtyClaim?: string | undefined;
  /** A group or role claim (e.g. `roles`, `groups`) that must hold `requiredClaimValue`. */
  requiredClaim?: string | undefined;
  requiredClaimValue?: string | undefined;
}

/**
 * The claims that identify one person, and may name a clinician (an allow-list: any other claim — `name`,
 * `mail`, `phone_number`, a custom one — is refused when the broker starts). `oid` and `sub` are assigned by
 * the provider and never reused; `email` is taken only when the token says it is verified.
 */
export const IDENTIFYING_USER_CLAIMS: readonly string[] = ['oid', 'sub', 'email'];

/**
 * Names a person can change (or have changed) without the identity provider vouching for the new owner:
 * allowed only when IT declares them trusted (`userClaimTrusted`).
 */
export const MUTABLE_USER_CLAIMS: readonly string[] = ['upn', 'preferred_username', 'unique_name'];

/** The clinician's external id from the configured claim; a refusal when it cannot be trusted. */
export function externalIdFrom(claims: JWTPayload, mapping: ClaimMapping): string {
  const value = claims[mapping.userClaim];
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (text.length === 0 || text.length > LIMITS.externalIdChars)
    throw new BrokerRefusal('USER_CLAIM_MISSING');
  if (mapping.userClaim === 'email' && claims.email_verified !== true)
    throw new BrokerRefusal('USER_CLAIM_UNVERIFIED');
  return text;
}

/** Refuses a token without the required group or role (a string claim, or a list holding the value). */
export function checkRequiredClaim(claims: JWTPayload, mapping: ClaimMapping): void {
  if (!mapping.requiredClaim || mapping.requiredClaimValue === undefined) return;
  const value = claims[mapping.requiredClaim];
  const held = Array.isArray(value) ? value : [value];
  if (!held.includes(mapping.requiredClaimValue)) throw new BrokerRefusal('ACCESS_NOT_GRANTED');
}
