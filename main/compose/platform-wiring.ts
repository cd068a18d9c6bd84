/**
 * The platform-level parts `buildAppServices` (composition-root.ts) puts together: the audit trail, the
 * journal folder, the ways in (saved or IT-managed credentials, the organization's sign-in), busy signals,
 * following a live policy change, and closing. No electron here.
 */
import type { AuditLog } from '../features/audit/audit-log.ts';
import { openAuditLog, type AuditIdentity } from '../features/audit/open-audit-log.ts';
import type { Config } from '../core/config/config-schema.ts';
import type { LiveConfigPort } from '../core/config/live-config.ts';
import type { AudioInputs } from '../core/audio/ports.ts';
import type { SignInOptions } from '../features/connection/connection-manager.ts';
import { createConnector } from '../features/connection/connector.ts';
import { TokenVaultCredentials, withManagedConnection } from '../features/connection/credential-vault.ts';
import {
  liveOrganizationSignIn,
  signInOptions,
  withoutServerCredentials,
} from '../features/connection/sign-in-setup.ts';
import { TokenVault } from '../base/secrets/token-vault.ts';
import type { SettingsPolicy } from '../features/settings/settings-policy.ts';
import { JournalStore } from '../core/journal/journal-store.ts';
import { BusySignals } from '../features/updates/update-controller.ts';
import { SettingsPreferenceStore } from '../features/settings/preferences.ts';
import { liveTranscribers } from '../features/visit/live-transcriber.ts';
import type { EmitEvent } from '../core/ipc/event-emitter.ts';
import type { Features, AppServicesDeps } from './composition-root.ts';

/** The audit trail, opened (retention applied, an update recorded); it then records what features report. */
export async function openAudit(
  deps: AppServicesDeps,
  identity: () => AuditIdentity | null,
): Promise<AuditLog> {
  const audit = openAuditLog({
    dataDir: deps.dataDir,
    config: deps.resolved.config,
    via: 'app',
    identity,
    secrets: deps.secrets,
  });
  await audit.open();
  return audit;
}

export async function openJournals(deps: AppServicesDeps): Promise<JournalStore> {
  const journals = new JournalStore({
    dir: deps.journalDir,
    secrets: deps.secrets,
    retentionHours: deps.resolved.config.journalRetentionHours,
    offerEndedVisits: true,
  });
  // Finished visits older than the retention period are shredded at every start; unfinished ones are kept.
  await journals.applyRetention().catch(() => undefined);
  return journals;
}

/** The ways in: saved credentials (or IT's managed connection), the organization's sign-in, the options. */
export interface ConnectionWays {
  readonly saved: ReturnType<typeof withManagedConnection>;
  readonly vault: ReturnType<typeof withoutServerCredentials>;
  readonly organization: ReturnType<typeof liveOrganizationSignIn> | (() => undefined);
  readonly signIn: () => SignInOptions;
}

export function connectionWays(
  deps: AppServicesDeps,
  live: LiveConfigPort,
  policy: SettingsPolicy,
): ConnectionWays {
  const saved = withManagedConnection(
    new TokenVaultCredentials(
      new TokenVault({ store: deps.secrets, dataDir: deps.dataDir, name: 'connection' }),
    ),
    () => live.current().config,
    (baseUrl, credentials) =>
      credentials.kind === 'organization'
        ? policy.allowsAddress(baseUrl)
        : policy.connectionRefusal(baseUrl, credentials) === null,
  );
  const organization = deps.openBrowser
    ? liveOrganizationSignIn(() => live.current().config, deps.openBrowser)
    : () => undefined;
  // Read at every use: IT can change the ways in while the app runs.
  const signIn = () => {
    const now = live.current();
    return signInOptions(now.config, now.sources ?? deps.resolved.sources, organization());
  };
  const vault = withoutServerCredentials(saved, () => signIn().methods.serverCredentials);
  return { saved, vault, organization, signIn };
}

/** The Connector over the saved credentials and the organization's sign-in. */
export function connectorOf(
  config: Config,
  audio: AudioInputs,
  ways: ConnectionWays,
  journals: JournalStore,
) {
  return createConnector({
    audio,
    vault: ways.vault,
    // Visits over the organization's service are journaled (crash recovery).
    transcriber: liveTranscribers(journals),
    apiVersion: config.apiVersion,
    organization: ways.organization,
    ...(config.userExternalId ? { userExternalId: config.userExternalId } : {}),
  });
}

export function busySignals(app: Features): BusySignals {
  const busy = new BusySignals();
  busy.add('visit', () => app.visit.active);
  busy.add('dictation', () => app.dictation?.controller.active ?? false);
  return busy;
}

/**
 * IT changed the policy: the window shows the new locks at once (handlers read the live policy anyway),
 * and a connection to an address, or with server credentials, the policy now forbids is closed (not while
 * a visit records); the sign-in methods the Connect screen offers are read from the live policy.
 */
export function followPolicy(parts: {
  live: LiveConfigPort;
  policy: SettingsPolicy;
  app: Features;
  ways: ConnectionWays;
  emit: EmitEvent;
}): () => void {
  const { live, policy, app, ways } = parts;
  // Server credentials the policy no longer offers: their connection is closed (the address rule's way).
  const closeServerCredentials = async () => {
    if ((await ways.saved.load().catch(() => null))?.credentials.kind !== 'server') return;
    await app.connections.disconnect('policy').catch(() => undefined);
  };
  return live.onDidChange(() => {
    parts.emit('policy:changed', policy.view());
    app.connections.publish(); // the sign-in methods offered may have changed
    const { mode, baseUrl } = app.connections.status();
    if (mode !== 'organization' || !baseUrl) return;
    if (!policy.allowsAddress(baseUrl)) void app.connections.disconnect('policy').catch(() => undefined);
    else if (!ways.signIn().methods.serverCredentials) void closeServerCredentials();
  });
}

/** Ends a running visit (every sent chunk confirmed), stops the sample service, and lets the trail finish. */
export async function closeServices(
  app: Features,
  sample: { close(): Promise<void> },
  stopPushing: () => void,
  audit: AuditLog,
): Promise<void> {
  stopPushing();
  // A dictation running at quit is finished (its text inserted or kept), then the hotkeys go.
  await app.dictation?.controller.stop().catch(() => undefined);
  app.dictation?.dispose();
  if (app.visit.active) await app.visit.end('quit').catch(() => undefined);
  await sample.close();
  await audit.close();
}

/** The clinician's preferences in the user settings, under the live policy's locks. */
export function preferencesOf(deps: AppServicesDeps, live: LiveConfigPort): SettingsPreferenceStore {
  return new SettingsPreferenceStore(deps.settings, () => live.current(), deps.resolved.settingsRecovery);
}
