/**
 * The one place that decides who the app (and `scribe`) is to the service: the organization's server key,
 * the server key acting as a configured user, a clinician's own refresh token, or the clinician's tokens
 * from the organization's sign-in. The connector and the CLI both build their token source here.
 */
import { loadRsaPrivateKey } from '../../core/api/auth/client-assertion.ts';
import { ServerTokenSource } from '../../core/api/auth/server-token-source.ts';
import type { AccessTokenSource } from '../../core/api/auth/token-source.ts';
import { UserTokenSource } from '../../core/api/auth/user-token-source.ts';
import type { HttpClient } from '../../core/api/transport/http.ts';
import { Failure } from '../../base/failure.ts';
import type { OrganizationSignIn } from './organization-sign-in.ts';
import { OrganizationTokenSource } from './organization-token-source.ts';
import { ServerActingAsUser } from './server-as-user.ts';
import type { StoredCredentials } from './stored-credentials.ts';

/** What a token source needs besides the credentials. */
export interface TokenSourceOptions {
  /** With server credentials, act as this user (user tokens) rather than as the organization. */
  readonly userExternalId?: string | undefined;
  /** The organization's sign-in (its refresh tokens are renewed through it). */
  readonly organization?: OrganizationSignIn | undefined;
  /** Keeps rotated credentials (the vault); a clinician's refresh token is saved before it is used. */
  readonly save?: (credentials: StoredCredentials) => Promise<void>;
}

/** The token source for stored credentials. A server key that is not a readable RSA key is `config_invalid`. */
export function tokenSourceFor(
  http: HttpClient,
  credentials: StoredCredentials,
  options: TokenSourceOptions = {},
): AccessTokenSource {
  const save = options.save ?? (async () => undefined);
  if (credentials.kind === 'organization') {
    return new OrganizationTokenSource(
      http,
      { access_token: '', refresh_token: credentials.refreshToken },
      {
        signIn: options.organization,
        ...(credentials.idTokenHint ? { idTokenHint: credentials.idTokenHint } : {}),
        ...(credentials.userId ? { userId: credentials.userId } : {}),
        ...(credentials.signedInAt !== undefined ? { signedInAt: credentials.signedInAt } : {}),
        save: (saved) => save({ kind: 'organization', ...saved }),
      },
    );
  }
  if (credentials.kind === 'server') {
    const server = new ServerTokenSource(http, {
      clientId: credentials.clientId,
      privateKey: privateKeyOf(credentials.privateKeyPem),
      ...(credentials.keyId ? { keyId: credentials.keyId } : {}),
    });
    return options.userExternalId ? new ServerActingAsUser(http, server, options.userExternalId) : server;
  }
  // The access token is fetched with the refresh token on first use (an empty one is refused at once).
  // Refresh tokens rotate: the new one is saved before it is used, or the next start could not sign in.
  return new UserTokenSource(
    http,
    { access_token: '', refresh_token: credentials.refreshToken },
    { onTokens: (tokens) => save({ kind: 'user-refresh-token', refreshToken: tokens.refresh_token }) },
  );
}

function privateKeyOf(pem: string) {
  try {
    return loadRsaPrivateKey(pem);
  } catch {
    throw new Failure('config_invalid', { reason: 'private_key_unreadable' });
  }
}
