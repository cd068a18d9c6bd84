/**
 * Server credentials with a configured user (`userExternalId`): the app acts AS that user, so the service
 * can tell clinicians apart and per-clinician features (dot phrases, replacements, note settings) work.
 * The user is found or created and its tokens minted on first use (so opening a connection offline does
 * not fail); a refused refresh token is replaced by minting again through the server credentials.
 */
import { findOrCreateUser, authenticateUser } from '../../core/api/endpoints/users.ts';
import type { ServerTokenSource } from '../../core/api/auth/server-token-source.ts';
import type { AccessTokenSource } from '../../core/api/auth/token-source.ts';
import { UserTokenSource } from '../../core/api/auth/user-token-source.ts';
import type { HttpClient } from '../../core/api/transport/http.ts';

/** A user caller whose tokens the organization's server credentials mint. */
export class ServerActingAsUser implements AccessTokenSource {
  readonly caller = 'user' as const;
  #user: Promise<UserTokenSource> | undefined;
  #userId: string | undefined;

  constructor(
    private readonly http: HttpClient,
    /** The server credentials underneath (the Server API takes them). */
    readonly server: ServerTokenSource,
    private readonly externalId: string,
  ) {}

  async token(): Promise<string> {
    return (await this.#source()).token();
  }

  async renew(rejected: string): Promise<string> {
    return (await this.#source()).renew(rejected);
  }

  /** The service user acted as, once found. */
  identity(): { userId?: string } {
    return this.#userId ? { userId: this.#userId } : {};
  }

  /** Revokes the user's session on the service, if one was opened. */
  async logout(): Promise<void> {
    const user = await this.#user?.catch(() => undefined);
    await user?.logout();
  }

  #source(): Promise<UserTokenSource> {
    this.#user ??= this.#open().catch((error: unknown) => {
      this.#user = undefined;
      throw error;
    });
    return this.#user;
  }

  async #open(): Promise<UserTokenSource> {
    const ctx = { http: this.http, auth: this.server };
    const account = await findOrCreateUser(ctx, this.externalId);
    this.#userId = account.id;
    const mint = () => authenticateUser(ctx, account.id);
    return new UserTokenSource(this.http, await mint(), { reauthenticate: mint });
  }
}
