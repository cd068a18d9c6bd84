/**
 * Token sources for a setup, as the API tests sign in: with server credentials and a user external id, the
 * user is found or created and its tokens minted, and authenticated again through the server credentials
 * when its refresh token is later refused. (The app and the CLI build theirs in main/features/connection/.)
 */
import type { HttpClient } from '../../../../main/core/api/transport/http.ts';
import type { UserTokens } from '../../../../main/core/api/schemas/account.ts';
import { authenticateUser, findOrCreateUser } from '../../../../main/core/api/endpoints/users.ts';
import type { ClientCredentials } from '../../../../main/core/api/auth/client-assertion.ts';
import {
  ServerTokenSource,
  type CachedServerToken,
} from '../../../../main/core/api/auth/server-token-source.ts';
import { UserTokenSource } from '../../../../main/core/api/auth/user-token-source.ts';
import type { AccessTokenSource } from '../../../../main/core/api/auth/token-source.ts';

/** How this installation authenticates. */
type AuthSetup =
  | { kind: 'server'; credentials: ClientCredentials; userExternalId?: string }
  | { kind: 'user-token'; tokens: UserTokens };

/** Where rotated tokens are kept between runs (the token vault), if anywhere. */
interface TokenPersistence {
  server?: { initial?: CachedServerToken; save: (token: CachedServerToken) => void };
  user?: { save: (tokens: UserTokens) => void | Promise<void> };
}

/** The result of signing in: the server token source (when there are credentials) and the one to use. */
interface AuthSession {
  server: ServerTokenSource | undefined;
  user: UserTokenSource | undefined;
  /** What Core calls use: the user when one is configured, else the server. */
  active: AccessTokenSource;
  userId: string | undefined;
}

/**
 * Builds the token sources for a setup. With server credentials and a user external id, the user is
 * found or created and its tokens minted; when its refresh token is later refused, it is authenticated
 * again through the server credentials.
 */
export async function openAuthSession(
  http: HttpClient,
  setup: AuthSetup,
  persistence: TokenPersistence = {},
): Promise<AuthSession> {
  if (setup.kind === 'user-token') {
    const user = new UserTokenSource(http, setup.tokens, { onTokens: persistence.user?.save });
    return { server: undefined, user, active: user, userId: undefined };
  }
  const server = new ServerTokenSource(http, setup.credentials, {
    initial: persistence.server?.initial,
    onToken: persistence.server?.save,
  });
  if (!setup.userExternalId) return { server, user: undefined, active: server, userId: undefined };
  const serverCtx = { http, auth: server };
  const account = await findOrCreateUser(serverCtx, setup.userExternalId);
  const mint = () => authenticateUser(serverCtx, account.id);
  const tokens = await mint();
  await persistence.user?.save(tokens);
  const user = new UserTokenSource(http, tokens, { onTokens: persistence.user?.save, reauthenticate: mint });
  return { server, user, active: user, userId: account.id };
}
