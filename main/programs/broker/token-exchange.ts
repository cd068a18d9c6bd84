/**
 * From verified identity-provider claims to the clinician's own service tokens: the configured claim is the
 * service user's `external_id`; the user is found or created (with an optional specialty from a claim) and
 * its tokens minted through `/jwt/authenticate/{user_id}` with the organization's server credentials.
 */
import type { JWTPayload } from 'jose';
import type { CoreContext } from '../../core/api/endpoints/context.ts';
import {
  authenticateUser,
  createUser,
  findUserByExternalId,
  updateUser,
} from '../../core/api/endpoints/users.ts';
import { ApiError, PermissionDeniedError } from '../../core/api/errors.ts';
import { BrokerRefusal } from './refusal.ts';
import { checkRequiredClaim, externalIdFrom, type ClaimMapping } from './user-claim.ts';

/** What the desktop gets: the user's tokens and the service user's id (for its audit trail), nothing else. */
interface UserTokenPair {
  access_token: string;
  refresh_token: string;
  user_id: string;
}

/** The outcome, with who it was for (ids only, for the log). */
export interface Exchanged {
  tokens: UserTokenPair;
  externalId: string;
  userId: string;
}

/**
 * Finds or creates the clinician and mints its tokens. `server` is a server-caller context; `minting` is
 * called just before the service is asked for the tokens (from then on a session may exist).
 */
export async function exchangeForUserTokens(
  server: CoreContext,
  claims: JWTPayload,
  mapping: ClaimMapping,
  minting: () => void = () => undefined,
): Promise<Exchanged> {
  const externalId = externalIdFrom(claims, mapping);
  // Before anything is looked up or created: a guest of the tenant is not provisioned.
  checkRequiredClaim(claims, mapping);
  const specialtyClaim = mapping.specialtyClaim ? claims[mapping.specialtyClaim] : undefined;
  const specialty =
    typeof specialtyClaim === 'string' && specialtyClaim.trim() ? specialtyClaim.trim() : undefined;
  try {
    let user = await findOrCreateUser(server, externalId, specialty);
    if (specialty && user.specialty !== specialty) {
      user = await updateUser(server, user.id, { specialty });
    }
    if (user.activated === false) throw new BrokerRefusal('USER_DEACTIVATED');
    minting();
    const minted = await authenticateUser(server, user.id);
    // Only the two tokens and the user's id leave: fields the service may add to its answer are not passed on.
    return {
      tokens: { access_token: minted.access_token, refresh_token: minted.refresh_token, user_id: user.id },
      externalId,
      userId: user.id,
    };
  } catch (error) {
    if (error instanceof BrokerRefusal) throw error;
    // The service refusing to mint for a user it has (deactivated, or otherwise barred) is the same answer.
    if (error instanceof PermissionDeniedError && error.operation === 'authenticate-user')
      throw new BrokerRefusal('USER_DEACTIVATED', { cause: error });
    if (error instanceof ApiError) throw new BrokerRefusal('SERVICE_UNAVAILABLE', { cause: error });
    throw error;
  }
}

/**
 * The service user with this external id, created the first time. Two first sign-ins of the same clinician
 * (two windows, two broker instances) may both find nobody and both create: the one refused for the taken
 * `external_id` (409) finds the user the other created.
 */
async function findOrCreateUser(server: CoreContext, externalId: string, specialty: string | undefined) {
  const found = await findUserByExternalId(server, externalId);
  if (found) return found;
  try {
    return await createUser(server, { external_id: externalId, ...(specialty ? { specialty } : {}) });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const created = await findUserByExternalId(server, externalId);
    if (!created) throw error;
    return created;
  }
}
