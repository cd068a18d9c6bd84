/**
 * The clinician's service tokens from an organization sign-in: refreshed through `/jwt/refresh` like any
 * user sign-in; when the refresh token is refused, signed in again silently (`prompt=none`) while the
 * identity provider's session lives, else "sign in again". Sign-out revokes the service session and ends
 * the identity provider's.
 */
import type { HttpClient } from '../../core/api/transport/http.ts';
import { AuthenticationError } from '../../core/api/errors.ts';
import type { UserTokens } from '../../core/api/schemas/account.ts';
import { UserTokenSource } from '../../core/api/auth/user-token-source.ts';
import type { OrganizationSignIn } from './organization-sign-in.ts';
import { SignInError } from '../../core/api/auth/sign-in-error.ts';

/** What is kept in the vault for this sign-in. */
export interface OrganizationSaved {
  refreshToken: string;
  idTokenHint?: string;
}

/** A UserTokenSource that signs in again through the organization when its refresh token is spent. */
export class OrganizationTokenSource extends UserTokenSource {
  /** Shared with the callbacks given to the base class (which run before `this` exists there). */
  readonly #state: { idTokenHint: string | undefined; signIn: OrganizationSignIn | undefined };

  constructor(
    http: HttpClient,
    initial: UserTokens,
    options: {
      signIn: OrganizationSignIn | undefined;
      idTokenHint?: string;
      save: (saved: OrganizationSaved) => Promise<void>;
    },
  ) {
    const state = { idTokenHint: options.idTokenHint, signIn: options.signIn };
    super(http, initial, {
      onTokens: (tokens) =>
        options.save({
          refreshToken: tokens.refresh_token,
          ...(state.idTokenHint ? { idTokenHint: state.idTokenHint } : {}),
        }),
      ...(options.signIn ? { reauthenticate: () => silently(state) } : {}),
    });
    this.#state = state;
  }

  /** Revokes the service session, then ends the identity provider's session (best effort). */
  override async logout(): Promise<void> {
    try {
      await super.logout();
    } finally {
      await this.#state.signIn?.endSession().catch(() => undefined);
    }
  }
}

/** Signs in again with `prompt=none`; when that needs the person, "sign in again" (401). */
async function silently(state: {
  idTokenHint: string | undefined;
  signIn: OrganizationSignIn | undefined;
}): Promise<UserTokens> {
  try {
    const session = await state.signIn!.signIn({ silent: true });
    state.idTokenHint = session.idToken;
    return session.tokens;
  } catch (cause) {
    const reason = cause instanceof SignInError ? cause.reason : undefined;
    throw new AuthenticationError('The sign-in has expired. Sign in with your organization again.', {
      status: 401,
      operation: 'refresh-token',
      ...(reason ? { name: reason.toUpperCase() } : {}),
      cause,
    });
  }
}
