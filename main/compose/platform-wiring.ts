/**
 * The platform-level parts `buildAppServices` (composition-root.ts) puts together: the audit trail, the
 * journal folder, the ways in (saved or IT-managed credentials, the organization's sign-in), dictation's
 * audit, busy signals, following a live policy change, and closing. No electron here.
 */
import { policyApplied, restoredSignIn } from '../features/audit/audited-handlers.ts';
import type { AuditLog } from '../features/audit/audit-log.ts';
import { openAuditLog } from '../features/audit/open-audit-log.ts';
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
import type { DictationPlatform } from '../features/dictation/compose-dictation.ts';
import { TokenVault } from '../base/secrets/token-vault.ts';
import type { SettingsPolicy } from '../features/settings/settings-policy.ts';
import { JournalStore } from '../core/journal/journal-store.ts';
import { BusySignals } from '../features/updates/update-controller.ts';
import { SettingsPreferenceStore } from '../features/settings/preferences.ts';
import { liveTranscribers } from '../features/visit/live-transcriber.ts';
import type { EmitEvent } from '../core/ipc/event-emitter.ts';
import type { App, AppServicesDeps } from './composition-root.ts';

/** The audit trail, opened, with the policy in force at start recorded. */
export async function openAudit(deps: AppServicesDeps, live: LiveConfigPort): Promise<AuditLog> {
  const audit = openAuditLog({ dataDir: deps.dataDir, config: deps.resolved.config, via: 'app' });
  await audit.open();
  const applied = policyApplied(live.current());
  if (applied) await audit.record(applied);
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

/** Dictation's platform parts with the journals, each insertion recorded in the audit trail. */
export function auditedDictation(dictation: DictationPlatform, journals: JournalStore, audit: AuditLog) {
  return {
    ...dictation,
    journals,
    // The process or class name only (never a window title, which can name a patient).
    onInserted: (appName: string) =>
      void audit.record({ kind: 'dictation_inserted', into: auditName(appName) }),
  };
}

export function busySignals(app: App): BusySignals {
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
  app: App;
  audit: AuditLog;
  ways: ConnectionWays;
  emit: EmitEvent;
}): () => void {
  const { live, policy, app, audit, ways } = parts;
  // Server credentials the policy no longer offers: their connection is closed (the address rule's way).
  const closeServerCredentials = async () => {
    if ((await ways.saved.load().catch(() => null))?.credentials.kind !== 'server') return;
    await app.connections.disconnect().catch(() => undefined);
  };
  return live.onDidChange((resolved) => {
    parts.emit('policy:changed', policy.view());
    app.connections.publish(); // the sign-in methods offered may have changed
    const changed = policyApplied(resolved);
    if (changed) void audit.record(changed);
    const { mode, baseUrl } = app.connections.status();
    if (mode !== 'organization' || !baseUrl) return;
    if (!policy.allowsAddress(baseUrl)) void app.connections.disconnect().catch(() => undefined);
    else if (!ways.signIn().methods.serverCredentials) void closeServerCredentials();
  });
}

/** Ends a running visit (every sent chunk confirmed) and stops the sample service. */
export async function closeServices(
  app: App,
  sample: { close(): Promise<void> },
  stopPushing: () => void,
): Promise<void> {
  stopPushing();
  // A dictation running at quit is finished (its text inserted or kept), then the hotkeys go.
  await app.dictation?.controller.stop().catch(() => undefined);
  app.dictation?.dispose();
  if (app.visit.active) await app.visit.end().catch(() => undefined);
  await sample.close();
}

/** An application name as the audit trail takes it (letters, digits and a few signs, at most 80). */
function auditName(appName: string): string {
  const cleaned = appName.replace(/[^A-Za-z0-9 ._+()-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return cleaned.slice(0, 80) || 'unknown';
}

/** The clinician's preferences in the user settings, under the live policy's locks. */
export function preferencesOf(deps: AppServicesDeps, live: LiveConfigPort): SettingsPreferenceStore {
  return new SettingsPreferenceStore(deps.settings, () => live.current(), deps.resolved.settingsRecovery);
}

/** Restores the saved connection quietly (the Connect screen shows the outcome); a sign-in is audited. */
export async function restoreConnection(app: App, audit: AuditLog): Promise<void> {
  const restored = restoredSignIn(await app.connections.restore());
  if (restored) await audit.record(restored);
}
