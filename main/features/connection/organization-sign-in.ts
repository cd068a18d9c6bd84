/**
 * "Sign in with your organization": the clinician signs in at the organization's identity provider in the
 * system browser (main/features/connection/oidc-sign-in.ts), and the app presents that token to the organization's
 * token broker (`POST /v1/token`), which answers with the clinician's own service tokens. The organization's
 * private key stays on the broker; the desktop only ever holds this clinician's tokens.
 */
import { z } from 'zod';
import type { UserTokens } from '../../core/api/schemas/account.ts';
import { OidcSignIn, type OidcSettings, type OidcSignInOptions, type OpenBrowser } from './oidc-sign-in.ts';
import { SignInError } from '../../core/api/auth/sign-in-error.ts';

/** The organization's sign-in, as its policy describes it. */
export interface OrganizationSignInSettings extends OidcSettings {
  /** The token broker's base URL (https, or http on loopback). */
  brokerUrl: string;
  /** Which identity-provider token the broker expects (its audience): the ID token by default. */
  present: 'id_token' | 'access_token';
  /**
   * Past this age a session renews through the identity provider and the broker, not the service's
   * refresh (policy signInRecheckHours), so a clinician disabled at the provider loses access.
   */
  recheckAfterMs?: number;
}

/** A finished sign-in: the clinician's service tokens, the ID token and its `sub` (who it is). */
export interface OrganizationSession {
  tokens: UserTokens;
  idToken: string;
  /** The identity-provider token the broker takes (ID or access token, as IT chose): its schedule routes take it too. */
  presented: string;
  subject: string;
  /** The service user's id, when the broker says it (for the audit trail). */
  userId?: string;
}

/** The broker's answer: the clinician's tokens and, from brokers that say it, the service user's id. */
const BrokerAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  user_id: z.string().min(1).max(256).optional(),
});

const BrokerErrorSchema = z.looseObject({ code: z.number().optional(), name: z.string().optional() });
const BROKER_TIMEOUT_MS = 30_000;

/** Signs clinicians in through the identity provider and the broker. */
export class OrganizationSignIn {
  readonly #settings: OrganizationSignInSettings;
  readonly #oidc: OidcSignIn;
  readonly #openBrowser: OpenBrowser;

  constructor(settings: OrganizationSignInSettings, openBrowser: OpenBrowser) {
    this.#settings = settings;
    this.#openBrowser = openBrowser;
    this.#oidc = new OidcSignIn(settings, openBrowser);
  }

  /** How old a sign-in may be before it is renewed at the identity provider (undefined: no limit). */
  get recheckAfterMs(): number | undefined {
    return this.#settings.recheckAfterMs;
  }

  /** The token broker's base URL (its schedule routes are beside its token exchange). */
  get brokerUrl(): string {
    return this.#settings.brokerUrl;
  }

  /** Whether the broker takes the ID token (so a saved ID token can be presented again after a restart). */
  get presentsIdToken(): boolean {
    return this.#settings.present !== 'access_token';
  }

  /** The identity provider's host, to name it on the Connect screen. */
  get issuerHost(): string {
    return new URL(this.#settings.issuer).host;
  }

  /** Browser sign-in (silent: `prompt=none`), then the broker's exchange. */
  async signIn(options: OidcSignInOptions = {}): Promise<OrganizationSession> {
    const idp = await this.#oidc.signIn(options);
    const presented = this.#settings.present === 'access_token' ? idp.accessToken : idp.idToken;
    const { userId, ...tokens } = await this.exchange(presented);
    return {
      tokens,
      idToken: idp.idToken,
      presented,
      subject: idp.subject,
      ...(userId ? { userId } : {}),
    };
  }

  /** Presents an identity-provider token to the broker; the clinician's tokens, or a SignInError. */
  async exchange(idpToken: string): Promise<UserTokens & { userId?: string }> {
    let response: Response;
    try {
      response = await fetch(new URL('/v1/token', this.#settings.brokerUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${idpToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(BROKER_TIMEOUT_MS),
      });
    } catch (cause) {
      throw new SignInError('broker_unreachable', { cause });
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const answer = BrokerAnswerSchema.safeParse(body);
      if (answer.success) {
        const { access_token, refresh_token, user_id } = answer.data;
        return { access_token, refresh_token, ...(user_id ? { userId: user_id } : {}) };
      }
      throw new SignInError('broker_refused');
    }
    // Only the broker's error name is read, to choose our own words; its message is not shown.
    const refusal = BrokerErrorSchema.safeParse(body);
    const name = refusal.success ? refusal.data.name : undefined;
    if (name === 'USER_DEACTIVATED') throw new SignInError('account_deactivated');
    if (response.status >= 500) throw new SignInError('broker_unreachable');
    throw new SignInError('broker_refused');
  }

  /** Ends the identity provider's session in the browser, when it offers RP-initiated logout. */
  async endSession(): Promise<void> {
    const url = await this.#oidc.endSessionUrl();
    if (url) await this.#openBrowser(url);
  }
}
