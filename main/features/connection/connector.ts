/**
 * Connections to a service: the token source for the credentials given, the Core client, the live
 * transcriber (built by the factory the composition root injects), and the checks `scribe doctor` runs too, saying plainly what is wrong.
 */
import { checkBaseUrl } from '../../core/api/base-url.ts';
import { CoreClient } from '../../core/api/core-client.ts';
import { runConnectionChecks } from '../../core/api/connection-checks.ts';
import type { AccessTokenSource } from '../../core/api/auth/token-source.ts';
import { UserTokenSource } from '../../core/api/auth/user-token-source.ts';
import { HttpClient } from '../../core/api/transport/http.ts';
import type { TranscriberFactory } from '../../core/streaming/transcriber-port.ts';
import type { StoredCredentials } from './stored-credentials.ts';
import type { OrganizationSignIn } from './organization-sign-in.ts';
import { OrganizationTokenSource } from './organization-token-source.ts';
import { ServerActingAsUser } from './server-as-user.ts';
import { SignInError } from '../../core/api/auth/sign-in-error.ts';
import { coreApiFrom } from './core-adapter.ts';
import { BrokerEm, withBrokerEm } from './broker-em.ts';
import { tokenSourceFor } from './token-sources.ts';
import type { AudioInputs } from '../../core/audio/ports.ts';
import { PROTOCOL } from '../../core/api/protocol.ts';
import type { ClinicianIdentity, Connection, Connector, ServerApiAccess } from './ports.ts';

/** Where the organization's credentials are kept between runs (keychain-backed in the app). */
export interface CredentialVault {
  save(baseUrl: string, credentials: StoredCredentials): Promise<void>;
  load(): Promise<{ baseUrl: string; credentials: StoredCredentials } | null>;
  clear(): Promise<void>;
}

export interface ConnectorDeps {
  readonly audio: AudioInputs;
  readonly vault?: CredentialVault;
  /** Builds each connection's live transcriber (the composition root's choice, journaled or not). */
  readonly transcriber: TranscriberFactory;
  /** The Core API version to send (the configured one; PROTOCOL's pinned version by default). */
  readonly apiVersion?: string;
  readonly fetch?: typeof fetch;
  /** "Sign in with your organization", when the policy configures an identity provider and a broker. */
  readonly organization?: OrganizationSignIn | (() => OrganizationSignIn | undefined);
  /** With server credentials, act as this user (user tokens) rather than as the organization. */
  readonly userExternalId?: string;
  /** Whose day the Server API shows with server credentials (the sample's clinician); else userExternalId. */
  readonly clinician?: string;
}

/** Opens a connection over an already-built token source (also used by the sample kit). */
export function openConnection(
  baseUrl: URL,
  auth: AccessTokenSource,
  http: HttpClient,
  deps: ConnectorDeps,
): Connection {
  const check = checkBaseUrl(baseUrl.origin);
  const region = check.ok ? check.region : 'local';
  return {
    baseUrl,
    region,
    caller: auth.caller,
    core: coreApiOf(new CoreClient(http, auth), auth),
    transcriber: deps.transcriber({
      baseUrl,
      tokens: auth,
      ...(deps.apiVersion ? { apiVersion: deps.apiVersion } : {}),
    }),
    // Dictation opens its own sessions (main/features/dictation/) over the same sign-in.
    streaming: { tokens: auth, ...(deps.apiVersion ? { apiVersion: deps.apiVersion } : {}) },
    // The same checks as `scribe doctor` (main/core/api/connection-checks.ts), shown on the Connect screen.
    checks: () => runConnectionChecks({ baseUrl, auth, http, listInputs: () => deps.audio.list() }),
    identity: () => identityOf(auth),
    serverApi: () => serverApiOf(baseUrl, auth, deps),
    ...(canLogOut(auth) ? { signOut: () => auth.logout() } : {}),
    close: async () => undefined,
  };
}

/** The Core API; for an organization sign-in, with E/M through the organization's broker. */
function coreApiOf(client: CoreClient, auth: AccessTokenSource) {
  const core = coreApiFrom(client);
  const brokerUrl = auth instanceof OrganizationTokenSource ? auth.brokerUrl : undefined;
  if (!brokerUrl || !(auth instanceof OrganizationTokenSource)) return core;
  return withBrokerEm(core, new BrokerEm(brokerUrl, auth));
}

/** Who a token source acts as, as far as it knows (ids only). */
function identityOf(auth: AccessTokenSource): ClinicianIdentity {
  if (auth instanceof OrganizationTokenSource || auth instanceof ServerActingAsUser) return auth.identity();
  return {};
}

/** How the connection reaches the Server API (main/features/schedule): the broker, server credentials, or not. */
function serverApiOf(baseUrl: URL, auth: AccessTokenSource, deps: ConnectorDeps): ServerApiAccess {
  if (auth instanceof OrganizationTokenSource) {
    const brokerUrl = auth.brokerUrl;
    if (!brokerUrl) return none('no_broker');
    return {
      kind: 'broker',
      brokerUrl,
      token: (renew) => auth.brokerToken(renew),
      current: () => auth.presentedToken,
    };
  }
  const server = auth instanceof ServerActingAsUser ? auth.server : auth.caller === 'server' ? auth : null;
  const clinician = deps.clinician ?? deps.userExternalId;
  if (!server) return none('no_broker');
  if (!clinician) return none('no_clinician');
  const http = new HttpClient({
    baseUrl,
    apiVersion: PROTOCOL.serverApiVersion,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  return { kind: 'server', context: { http, auth: server }, clinician };
}

const none = (reason: 'no_broker' | 'no_clinician') => ({ kind: 'none', reason }) as const;

/** Token sources that can revoke their session on the service. */
function canLogOut(auth: AccessTokenSource): auth is AccessTokenSource & { logout(): Promise<void> } {
  return auth instanceof UserTokenSource || auth instanceof ServerActingAsUser;
}

/** The app's Connector. */
export function createConnector(deps: ConnectorDeps): Connector {
  const httpFor = (url: URL) =>
    new HttpClient({
      baseUrl: url,
      ...(deps.apiVersion ? { apiVersion: deps.apiVersion } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  const open = (baseUrl: string, credentials: StoredCredentials): Connection => {
    const url = new URL(baseUrl);
    const http = httpFor(url);
    const save = async (next: StoredCredentials) => {
      await deps.vault?.save(baseUrl, next);
    };
    const auth = tokenSourceFor(http, credentials, {
      userExternalId: deps.userExternalId,
      organization: organizationOf(deps),
      save,
    });
    return openConnection(url, auth, http, deps);
  };
  return {
    async connect(baseUrl, credentials) {
      const connection = open(baseUrl, credentials);
      await deps.vault?.save(baseUrl, credentials);
      return connection;
    },
    async restore() {
      const saved = await deps.vault?.load();
      return saved ? open(saved.baseUrl, saved.credentials) : null;
    },
    async forget() {
      await deps.vault?.clear();
    },
    signInWithOrganization: (baseUrl, signal) => signInWithOrganization(deps, httpFor, baseUrl, signal),
  };
}

/** Signs in with the organization, saves the credentials before first use and opens the connection. */
async function signInWithOrganization(
  deps: ConnectorDeps,
  httpFor: (url: URL) => HttpClient,
  baseUrl: string,
  signal: AbortSignal | undefined,
): Promise<Connection> {
  const organization = organizationOf(deps);
  if (!organization) throw new SignInError('not_configured');
  const session = await organization.signIn(signal ? { signal } : {});
  const signedInAt = Date.now();
  const credentials: StoredCredentials = {
    kind: 'organization',
    refreshToken: session.tokens.refresh_token,
    idTokenHint: session.idToken,
    ...(session.userId ? { userId: session.userId } : {}),
    signedInAt,
  };
  // Saved before first use: the refresh token rotates on the first refresh.
  await deps.vault?.save(baseUrl, credentials);
  const url = new URL(baseUrl);
  const http = httpFor(url);
  const save = async (next: StoredCredentials) => void (await deps.vault?.save(baseUrl, next));
  const auth = new OrganizationTokenSource(http, session.tokens, {
    signIn: organization,
    idTokenHint: session.idToken,
    presented: session.presented,
    ...(session.userId ? { userId: session.userId } : {}),
    signedInAt,
    save: (saved) => save({ kind: 'organization', ...saved }),
  });
  return openConnection(url, auth, http, deps);
}

/** The organization's sign-in as the (live) policy describes it now. */
function organizationOf(deps: ConnectorDeps): OrganizationSignIn | undefined {
  return typeof deps.organization === 'function' ? deps.organization() : deps.organization;
}
