/**
 * Which ways in an installation offers, from the resolved configuration: the organization's sign-in when
 * its policy names an identity provider, a client id and a broker (and a service address); the
 * organization's server credentials only where no managed policy applies, or where it allows them.
 */
import type { Config, ConfigKey } from '../../core/config/config-schema.ts';
import type { CredentialVault } from './connector.ts';
import type { ConfigSource } from '../../core/config/resolve-config.ts';
import type { SignInOptions } from './connection-manager.ts';
import { OrganizationSignIn } from './organization-sign-in.ts';
import type { OpenBrowser } from './oidc-sign-in.ts';

/** The organization's sign-in, when the configuration describes one completely. */
function organizationSignInFrom(config: Config, openBrowser: OpenBrowser): OrganizationSignIn | undefined {
  if (!config.signInIssuer || !config.signInClientId || !config.signInBrokerUrl || !config.serviceUrl)
    return undefined;
  return new OrganizationSignIn(
    {
      issuer: config.signInIssuer,
      clientId: config.signInClientId,
      scopes: config.signInScopes,
      brokerUrl: config.signInBrokerUrl,
      present: config.signInPresentedToken,
      ...(config.signInRecheckHours ? { recheckAfterMs: config.signInRecheckHours * 3_600_000 } : {}),
    },
    openBrowser,
  );
}

/** The organization's sign-in as the live configuration describes it, rebuilt only when its keys change. */
export function liveOrganizationSignIn(
  config: () => Config,
  openBrowser: OpenBrowser,
): () => OrganizationSignIn | undefined {
  let last: { key: string; signIn: OrganizationSignIn | undefined } | undefined;
  return () => {
    const c = config();
    const key = JSON.stringify([
      c.signInIssuer,
      c.signInClientId,
      c.signInScopes,
      c.signInBrokerUrl,
      c.signInPresentedToken,
      c.signInRecheckHours,
      c.serviceUrl,
    ]);
    if (last?.key !== key) last = { key, signIn: organizationSignInFrom(c, openBrowser) };
    return last.signIn;
  };
}

/**
 * The Connect screen's choices. A managed installation (any value from the policy) offers the
 * organization's server credentials only where its policy says so explicitly: `allowServerCredentials`,
 * `signInMethod: server`, or a policy key file without an organization sign-in.
 */
export function signInOptions(
  config: Config,
  sources: Partial<Record<ConfigKey, ConfigSource>> | undefined,
  organization: OrganizationSignIn | undefined,
): SignInOptions {
  const fromPolicy = (key: ConfigKey) => sources?.[key]?.layer === 'policy';
  const managed = Object.values(sources ?? {}).some((source) => source?.layer === 'policy');
  const explicit =
    config.allowServerCredentials ||
    config.signInMethod === 'server' ||
    (!config.signInIssuer && fromPolicy('privateKeyFile'));
  return {
    methods: {
      organization: organization ? { issuerHost: organization.issuerHost } : null,
      serverCredentials: !managed || explicit,
      clinicianToken: true,
      sample: config.allowSampleVisit ?? !managed,
    },
    ...(organization && config.serviceUrl ? { organizationServiceUrl: config.serviceUrl } : {}),
  };
}

/**
 * A vault that no longer restores server credentials a person saved before the organization's policy
 * stopped offering them (they are forgotten on the next sign-in or disconnect).
 */
export function withoutServerCredentials(
  vault: CredentialVault,
  offered: () => boolean = () => false,
): CredentialVault {
  return {
    save: (baseUrl, credentials) => vault.save(baseUrl, credentials),
    clear: () => vault.clear(),
    async load() {
      const saved = await vault.load();
      return saved?.credentials.kind === 'server' && !offered() ? null : saved;
    },
  };
}
