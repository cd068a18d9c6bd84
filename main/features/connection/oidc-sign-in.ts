/**
 * OpenID Connect sign-in of a native app (RFC 8252) with `openid-client`: authorization code with PKCE
 * (S256), `state` and `nonce`, in the system browser (never an embedded web view), answered on a loopback
 * port. `prompt=none` asks for a silent sign-in while the identity provider's session lives.
 */
import * as oidc from 'openid-client';
import { startLoopbackRedirect } from './loopback-redirect.ts';
import { SignInError } from '../../core/api/auth/sign-in-error.ts';

/** What the organization's policy says about its identity provider. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  scopes: readonly string[];
  /** How long a silent attempt waits for the provider's answer (30 s; a test that expects none shortens it). */
  silentTimeoutMs?: number;
}

/** Opens a URL in the system browser (Electron's `shell.openExternal`; tests drive Playwright). */
export type OpenBrowser = (url: string) => Promise<void>;

/** The identity provider's tokens from one sign-in (never persisted whole). */
export interface OidcTokens {
  idToken: string;
  accessToken: string;
  /** The ID token's `sub`: who signed in (checked by openid-client with the rest of the ID token). */
  subject: string;
}

/** How to sign in. */
export interface OidcSignInOptions {
  /** `prompt=none`: no page for the person, an answer at once. */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * Silent only: the ID token of the session being continued, so the provider refuses another person. Sent
   * only through a pushed authorization request (RFC 9126), a back channel: never in the browser's URL.
   */
  idTokenHint?: string | undefined;
}

/** How long a person has in the browser; a silent attempt answers at once or not at all. */
const INTERACTIVE_TIMEOUT_MS = 5 * 60_000;
const SILENT_TIMEOUT_MS = 30_000;
/**
 * A clinician's clock may be minutes off; the ID token's iat/exp are checked with this much leeway. The
 * broker checks the token again against a server clock.
 */
const CLOCK_TOLERANCE_SEC = 5 * 60;

/** One identity provider, discovered once (again after a failure). */
export class OidcSignIn {
  readonly #settings: OidcSettings;
  readonly #openBrowser: OpenBrowser;
  #config: Promise<oidc.Configuration> | undefined;

  constructor(settings: OidcSettings, openBrowser: OpenBrowser) {
    this.#settings = settings;
    this.#openBrowser = openBrowser;
  }

  /** Signs in through the browser; `silent` asks with `prompt=none`, else the person chooses the account. */
  async signIn(options: OidcSignInOptions = {}): Promise<OidcTokens> {
    const config = await this.#discovered();
    const silentMs = this.#settings.silentTimeoutMs ?? SILENT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(options.silent ? silentMs : INTERACTIVE_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const state = oidc.randomState();
    const redirect = await startLoopbackRedirect(state, signal);
    try {
      const verifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const url = await authorizationUrl(config, options, {
        redirect_uri: redirect.redirectUri,
        scope: this.#settings.scopes.join(' '),
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      await this.#openBrowser(url.href);
      const answer = await redirect.callback.catch((cause: unknown) => {
        throw new SignInError(timeout.aborted ? 'timed_out' : 'cancelled', { cause });
      });
      const tokens = await oidc
        .authorizationCodeGrant(config, answer, {
          pkceCodeVerifier: verifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        })
        .catch((cause: unknown) => {
          throw grantFailure(cause);
        });
      return { idToken: tokens.id_token!, accessToken: tokens.access_token, subject: tokens.claims()!.sub };
    } finally {
      await redirect.close();
    }
  }

  /**
   * The identity provider's end-session URL (RP-initiated logout) when it offers one, so a shared
   * workstation does not keep the clinician signed in there. It names the app by `client_id` only: an
   * `id_token_hint` would put a live token in the browser's history and in every proxy's log.
   */
  async endSessionUrl(): Promise<string | undefined> {
    const config = await this.#discovered().catch(() => undefined);
    if (!config?.serverMetadata().end_session_endpoint) return undefined;
    return oidc.buildEndSessionUrl(config, { client_id: this.#settings.clientId }).href;
  }

  #discovered(): Promise<oidc.Configuration> {
    this.#config ??= this.#discover().catch((error: unknown) => {
      this.#config = undefined;
      throw error;
    });
    return this.#config;
  }

  async #discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.#settings.issuer);
    // Plain http only for an identity provider on this machine (tests, development).
    const loopback =
      issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    try {
      return await oidc.discovery(
        issuer,
        this.#settings.clientId,
        { [oidc.clockTolerance]: CLOCK_TOLERANCE_SEC },
        oidc.None(),
        { ...(loopback ? { execute: [oidc.allowInsecureRequests] } : {}), timeout: 15 },
      );
    } catch (cause) {
      throw new SignInError('idp_unreachable', { cause });
    }
  }
}

/**
 * Interactive: `prompt=select_account`, so a shared workstation's browser does not sign in whoever used it
 * last (unless the provider says it does not know that prompt). Silent: `prompt=none`, with the session's
 * ID token as a hint through a pushed authorization request where the provider offers one.
 */
async function authorizationUrl(
  config: oidc.Configuration,
  options: OidcSignInOptions,
  params: Record<string, string>,
): Promise<URL> {
  const metadata = config.serverMetadata();
  if (!options.silent) {
    const known = metadata.prompt_values_supported;
    const choose = !Array.isArray(known) || known.includes('select_account');
    return oidc.buildAuthorizationUrl(config, { ...params, ...(choose ? { prompt: 'select_account' } : {}) });
  }
  const silent = { ...params, prompt: 'none' };
  if (!options.idTokenHint || !metadata.pushed_authorization_request_endpoint)
    return oidc.buildAuthorizationUrl(config, silent);
  return oidc
    .buildAuthorizationUrlWithPAR(config, { ...silent, id_token_hint: options.idTokenHint })
    .catch((cause: unknown) => {
      throw grantFailure(cause);
    });
}

/** The browser came back with an error, or the code could not be redeemed. */
function grantFailure(cause: unknown): SignInError {
  if (cause instanceof oidc.AuthorizationResponseError) {
    if (
      ['login_required', 'interaction_required', 'consent_required', 'account_selection_required'].includes(
        cause.error,
      )
    )
      return new SignInError('interaction_required', { cause });
    if (cause.error === 'access_denied') return new SignInError('cancelled', { cause });
  }
  if (cause instanceof TypeError || (cause instanceof Error && cause.name === 'AbortError'))
    return new SignInError('idp_unreachable', { cause });
  return new SignInError('idp_refused', { cause });
}
