import { z } from 'zod';
import { ServiceError, badRequest } from '../errors.ts';
import type { ServiceClock } from '../clock.ts';
import type { Route, RouteContext } from '../router.ts';
import { parseWith } from '../router.ts';
import type { UserStore } from '../users.ts';
import { verifyTokenRequest } from './assertion.ts';
import type { ClientKeyRing } from './client-keys.ts';
import type { TokenStore } from './token-store.ts';

/** What the authentication endpoints need. */
export interface AuthDeps {
  keys: ClientKeyRing;
  tokens: TokenStore;
  users: UserStore;
  clock: ServiceClock;
  /** The exact `aud` an assertion must carry (known once the server listens). */
  audience: () => string;
}

const refreshBody = z.strictObject({ refresh_token: z.string().min(1) });

/** Refresh takes the refresh token in the body and must come without a bearer header (public facts). */
function noAuthorizationHeader(ctx: RouteContext): void {
  if (ctx.req.headers.authorization !== undefined) {
    throw badRequest('this endpoint takes the refresh token in the body and no Authorization header');
  }
}

/** /oauth/token and the user token endpoints. */
export function authRoutes(deps: AuthDeps): Route[] {
  return [serverTokenRoute(deps), ...userTokenRoutes(deps)];
}

function serverTokenRoute(deps: AuthDeps): Route {
  const usedJti = new Map<string, number>();
  return {
    method: 'POST',
    path: '/oauth/token',
    families: ['server'],
    auth: 'none',
    handle: async (ctx) => {
      const clientId = await verifyTokenRequest(ctx.json(), deps.keys, deps.clock, deps.audience(), usedJti);
      return { body: deps.tokens.issueServer(clientId) };
    },
  };
}

function userTokenRoutes(deps: AuthDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/jwt/authenticate/:userId',
      families: ['server'],
      handle: async (ctx) => {
        const user = deps.users.get(ctx.params.userId!);
        if (!user.activated) throw new ServiceError(403, 'USER_DEACTIVATED', 'user is deactivated');
        return { body: await deps.tokens.issueUser(user.id) };
      },
    },
    {
      method: 'POST',
      path: '/jwt/refresh',
      families: ['user'],
      auth: 'none',
      handle: async (ctx) => {
        noAuthorizationHeader(ctx);
        const { refresh_token } = parseWith(refreshBody, ctx.json());
        const { userId, family } = deps.tokens.spendRefresh(refresh_token);
        const user = deps.users.find(userId);
        if (!user?.activated) throw new ServiceError(403, 'USER_DEACTIVATED', 'user is deactivated');
        return { body: await deps.tokens.issueUser(userId, family) };
      },
    },
    {
      method: 'POST',
      path: '/jwt/logout',
      families: ['user'],
      auth: 'none',
      handle: (ctx) => {
        deps.tokens.revokeSession(parseWith(refreshBody, ctx.json()).refresh_token);
        return { status: 204 };
      },
    },
  ];
}
