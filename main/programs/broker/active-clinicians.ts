/**
 * The service's deactivation, honoured on every clinician route of the broker (issue 32): `/v1/token`
 * refuses a deactivated clinician, and so do the E/M routes, the schedule routes and the event stream,
 * where an identity provider token that is still valid would otherwise carry on. An "active" answer is
 * kept ACTIVE_CACHE_MS (30 s) per broker instance, so a deactivation at the service takes effect on every
 * route within 30 s; "deactivated" and "no such user" are never kept (they are asked again each time).
 */
import type { CoreContext } from '../../core/api/endpoints/context.ts';
import { findUserByExternalId } from '../../core/api/endpoints/users.ts';
import { ApiError } from '../../core/api/errors.ts';
import { BrokerRefusal } from './refusal.ts';

/** How long an "active" answer of the service is reused, in milliseconds. */
export const ACTIVE_CACHE_MS = 30_000;
/** Most clinicians remembered at once (the oldest answers go first). */
const MAX_ENTRIES = 10_000;

/** Which clinicians the service still has active, asked with the organization's server credentials. */
export class ActiveClinicians {
  readonly #active = new Map<string, { userId: string; until: number }>();

  constructor(
    private readonly server: CoreContext,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The clinician's service user id. USER_DEACTIVATED when the service deactivated them; when the service
   * has no such user, USER_NOT_FOUND if `required`, else undefined (a clinician who never exchanged a token).
   */
  async check(externalId: string, required: boolean): Promise<string | undefined> {
    const kept = this.#active.get(externalId);
    if (kept && kept.until > this.now()) return kept.userId;
    this.#active.delete(externalId);
    let user;
    try {
      user = await findUserByExternalId(this.server, externalId);
    } catch (error) {
      if (error instanceof ApiError) throw new BrokerRefusal('SERVICE_UNAVAILABLE', { cause: error });
      throw error;
    }
    if (!user) {
      if (required) throw new BrokerRefusal('USER_NOT_FOUND');
      return undefined;
    }
    if (user.activated === false) throw new BrokerRefusal('USER_DEACTIVATED');
    if (this.#active.size >= MAX_ENTRIES) this.#active.delete(this.#active.keys().next().value!);
    this.#active.set(externalId, { userId: user.id, until: this.now() + ACTIVE_CACHE_MS });
    return user.id;
  }
}
