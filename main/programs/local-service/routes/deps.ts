import type { ServiceClock } from '../clock.ts';
import type { JobStore } from '../jobs.ts';
import type { ResolvedOptions } from '../options.ts';
import type { RouteContext } from '../router.ts';
import type { UserStateStore } from '../user-state.ts';
import { ServiceError } from '../errors.ts';

/** What the Core endpoint handlers share. */
export interface ServiceDeps {
  clock: ServiceClock;
  jobs: JobStore;
  userState: UserStateStore;
  options: ResolvedOptions;
}

/** The user id of a user caller (routes open to users only). */
export function userIdOf(ctx: RouteContext): string {
  if (ctx.caller?.kind !== 'user')
    throw new ServiceError(403, 'WRONG_TOKEN_KIND', 'this endpoint needs a user access token');
  return ctx.caller.userId;
}
