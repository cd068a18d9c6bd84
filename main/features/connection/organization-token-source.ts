/**
 * The clinician's service tokens from an organization sign-in: refreshed through `/jwt/refresh` like any
 * user sign-in; when the refresh token is refused, signed in again silently (`prompt=none`) while the
 * identity provider's session lives, else "sign in again". Sign-out revokes the service session and ends
 * the identity provider's.
 *
 * The session belongs to one clinician, the `sub` of the ID token it began with: a silent sign-in that comes
 * back as anyone else (another clinician signed in to the provider in the same browser) is refused and its
 * service session revoked, so the app never carries on as that person; the clinician signs out first.
 */
import { decodeJwt } from 'jose';
import type { HttpClient } from '../../core/api/transport/http.ts';
import { AuthenticationError } from '../../core/api/errors.ts';
import type { UserTokens } from '../../core/api/schemas/account.ts';
import { UserTokenSource } from '../../core/api/auth/user-token-source.ts';
import type { OrganizationSignIn } from './organization-sign-in.ts';
import type { ClinicianIdentity } from './ports.ts';
import { SignInError } from '../../core/api/auth/sign-in-error.ts';

/** What is kept in the vault for this sign-in. */
export interface OrganizationSaved {
  refreshToken: string;
  idTokenHint?: string;
  userId?: string;
  signedInAt?: number;
}

/** What the silent sign-in works from: the session's ID token (its `sub` is the one clinician allowed). */
interface SilentState {
  idTokenHint: string | undefined;
  /** The token the broker takes (kept in memory only; the ID token is the saved one). */
  presented: string | undefined;
  userId: string | undefined;
  signedInAt: number | undefined;
  signIn: OrganizationSignIn | undefined;
  http: HttpClient;
}

/** A UserTokenSource that signs in again through the organization when its refresh token is spent. */
export class OrganizationTokenSource extends UserTokenSource {
  /** Shared with the callbacks given to the base class (which run before `this` exists there). */
  readonly #state: SilentState;

  constructor(
    http: HttpClient,
    initial: UserTokens,
    options: {
      signIn: OrganizationSignIn | undefined;
      idTokenHint?: string;
      /** The token just presented to the broker (a fresh sign-in); else the ID token when that is it. */
      presented?: string;
      userId?: string;
      signedInAt?: number;
      save: (saved: OrganizationSaved) => Promise<void>;
    },
  ) {
    const state: SilentState = {
      idTokenHint: options.idTokenHint,
      presented:
        options.presented ?? (options.signIn?.presents === 'id_token' ? options.idTokenHint : undefined),
      userId: options.userId,
      // A session saved before this was kept counts from now.
      signedInAt: options.signedInAt ?? Date.now(),
      signIn: options.signIn,
      http,
    };
    super(http, initial, {
      onTokens: (tokens) =>
        options.save({
          refreshToken: tokens.refresh_token,
          ...(state.idTokenHint ? { idTokenHint: state.idTokenHint } : {}),
          ...(state.userId ? { userId: state.userId } : {}),
          ...(state.signedInAt !== undefined ? { signedInAt: state.signedInAt } : {}),
        }),
      ...(options.signIn ? { reauthenticate: () => silently(state) } : {}),
      mustReauthenticate: () => isDue(state),
    });
    this.#state = state;
  }

  /** Who the session is: the service user (as the broker said) and the identity provider's `sub`. */
  identity(): ClinicianIdentity {
    const sub = subjectOf(this.#state.idTokenHint);
    return { ...(this.#state.userId ? { userId: this.#state.userId } : {}), ...(sub ? { sub } : {}) };
  }

  /** The organization's token broker, when this session came from its sign-in. */
  get brokerUrl(): string | undefined {
    return this.#state.signIn?.brokerUrl;
  }

  /**
   * The identity-provider token the broker takes on its own routes (E/M): the one presented at sign-in
   * while it has more than a minute left, else (or when `renew`, the broker having refused it) a fresh one
   * from a silent sign-in, which renews the service tokens too. Never saved beyond the vault's ID token.
   */
  async brokerToken(renew = false): Promise<string> {
    const current = this.#state.presented;
    if (!renew && current && !expiresSoon(current)) return current;
    await this.reauthenticateNow();
    if (!this.#state.presented) throw new SignInError('broker_refused');
    return this.#state.presented;
  }

  /** The token presented at sign-in as it is, without renewing it (the change stream; null when none). */
  get presentedToken(): string | undefined {
    return this.#state.presented;
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

/**
 * Whether the session is older than IT allows without asking the identity provider again (policy
 * signInRecheckHours): its tokens are then renewed by a silent sign-in through the provider and the broker,
 * which a clinician disabled at the provider does not pass.
 */
function isDue(state: SilentState): boolean {
  const limit = state.signIn?.recheckAfterMs;
  return limit !== undefined && state.signedInAt !== undefined && Date.now() - state.signedInAt >= limit;
}

/** Signs in again with `prompt=none` as the same clinician; else "sign in again" (401). */
async function silently(state: SilentState): Promise<UserTokens> {
  const bound = subjectOf(state.idTokenHint);
  let session;
  try {
    session = await state.signIn!.signIn({ silent: true, idTokenHint: state.idTokenHint });
  } catch (cause) {
    const reason = cause instanceof SignInError ? cause.reason : undefined;
    throw new AuthenticationError(
      { kind: 'sign_in_expired', organization: true },
      {
        status: 401,
        operation: 'refresh-token',
        ...(reason ? { name: reason.toUpperCase() } : {}),
        cause,
      },
    );
  }
  if (bound !== undefined && session.subject !== bound) {
    await revoke(state.http, session.tokens.refresh_token);
    throw new AuthenticationError(
      { kind: 'different_account' },
      { status: 401, operation: 'refresh-token', name: 'DIFFERENT_ACCOUNT' },
    );
  }
  state.idTokenHint = session.idToken;
  state.presented = session.presented;
  state.userId = session.userId ?? state.userId;
  state.signedInAt = Date.now();
  return session.tokens;
}

/** Whether a token's `exp` is less than a minute away (or unreadable). */
function expiresSoon(token: string): boolean {
  try {
    const exp = decodeJwt(token).exp;
    return exp === undefined ? false : exp * 1000 - Date.now() < 60_000;
  } catch {
    return true;
  }
}

/** The `sub` of the session's ID token (verified when it was received; only read here). */
function subjectOf(idToken: string | undefined): string | undefined {
  if (!idToken) return undefined;
  try {
    return decodeJwt(idToken).sub;
  } catch {
    return undefined;
  }
}

/** Ends the other person's service session that the broker just opened (best effort). */
async function revoke(http: HttpClient, refreshToken: string): Promise<void> {
  await new UserTokenSource(http, { access_token: '', refresh_token: refreshToken })
    .logout()
    .catch(() => undefined);
}
