/**
 * The ways in, built from the platform (moved here from the composition root's wiring): saved credentials
 * (or IT's managed connection) in the keychain-keyed vault, the organization's sign-in, the sign-in options
 * read from the live policy, the Connector over them, and what a policy change closes.
 */
import type { Config, ConfigKey } from '../../core/config/config-schema.ts';
import type { LiveConfigPort } from '../../core/config/live-config.ts';
import type { ConfigSource } from '../../core/config/resolve-config.ts';
import { vaultDirs } from '../../core/config/paths.ts';
import type { AudioInputs } from '../../core/audio/ports.ts';
import type { JournalStore } from '../../core/journal/journal-store.ts';
import type { TranscriberFactory } from '../../core/streaming/transcriber-port.ts';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import { TokenVault } from '../../base/secrets/token-vault.ts';
import type { Credentials } from '../../../preload/contract/index.ts';
import type { ConnectionManager, SignInOptions } from './connection-manager.ts';
import { createConnector } from './connector.ts';
import { TokenVaultCredentials, withManagedConnection } from './credential-vault.ts';
import type { OpenBrowser } from './oidc-sign-in.ts';
import { liveOrganizationSignIn, signInOptions, withoutServerCredentials } from './sign-in-setup.ts';
import type { Connector } from './ports.ts';

/** IT's rules about connections (the settings feature's SettingsPolicy). */
export interface ConnectionRules {
  allowsAddress(baseUrl: string): boolean;
  connectionRefusal(baseUrl: string, credentials: Credentials): ConfigKey | null;
}

/** What the platform gives the connection feature. */
export interface ConnectionPlatform {
  /** The configuration resolved at start (the service's API version, the service user's external id). */
  readonly config: Config;
  readonly live: LiveConfigPort;
  /** Where each value came from at start (a value from the managed policy makes the installation managed). */
  readonly sources?: Record<ConfigKey, ConfigSource>;
  readonly secrets: SecretStore;
  readonly dataDir: string;
  readonly audio: AudioInputs;
  readonly journals: JournalStore;
  /** Opens the system browser for "Sign in with your organization"; none: not offered. */
  readonly openBrowser?: OpenBrowser;
  /** The visit's live transcribers, which a connection records over (journaled in `journals` when given). */
  readonly transcribers: (journals?: JournalStore) => TranscriberFactory;
  readonly rules: ConnectionRules;
}

/** The ways in: saved credentials (or IT's managed connection), the organization's sign-in, the options. */
export interface ConnectionWays {
  readonly saved: ReturnType<typeof withManagedConnection>;
  readonly signIn: () => SignInOptions;
  readonly connector: Connector;
}

export function connectionWays(p: ConnectionPlatform): ConnectionWays {
  const config = (): Config => p.live.current().config;
  const saved = withManagedConnection(
    new TokenVaultCredentials(
      new TokenVault({ store: p.secrets, ...vaultDirs(p.dataDir), name: 'connection' }),
    ),
    config,
    (baseUrl, credentials) =>
      credentials.kind === 'organization'
        ? p.rules.allowsAddress(baseUrl)
        : p.rules.connectionRefusal(baseUrl, credentials) === null,
  );
  const organization = p.openBrowser ? liveOrganizationSignIn(config, p.openBrowser) : () => undefined;
  // Read at every use: IT can change the ways in while the app runs.
  const signIn = () => {
    const now = p.live.current();
    return signInOptions(now.config, now.sources ?? p.sources, organization());
  };
  const vault = withoutServerCredentials(saved, () => signIn().methods.serverCredentials);
  const { apiVersion, userExternalId } = p.config;
  const connector = createConnector({
    audio: p.audio,
    vault,
    // Visits over the organization's service are journaled (crash recovery).
    transcriber: p.transcribers(p.journals),
    apiVersion,
    organization,
    ...(userExternalId ? { userExternalId } : {}),
  });
  return { saved, signIn, connector };
}

/**
 * IT changed the policy: the sign-in methods offered are published again, and a connection to an address,
 * or with server credentials, the policy now forbids is closed (the manager refuses while a visit records).
 */
export function followPolicy(
  connections: ConnectionManager,
  ways: ConnectionWays,
  rules: ConnectionRules,
): void {
  // Server credentials the policy no longer offers: their connection is closed (the address rule's way).
  const closeServerCredentials = async () => {
    if ((await ways.saved.load().catch(() => null))?.credentials.kind !== 'server') return;
    await connections.disconnect('policy').catch(() => undefined);
  };
  connections.publish(); // the sign-in methods offered may have changed
  const { mode, baseUrl } = connections.status();
  if (mode !== 'organization' || !baseUrl) return;
  if (!rules.allowsAddress(baseUrl)) void connections.disconnect('policy').catch(() => undefined);
  else if (!ways.signIn().methods.serverCredentials) void closeServerCredentials();
}
