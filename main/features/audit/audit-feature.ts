/**
 * The audit feature's one factory: the installation's audit trail, opened (retention applied, an update
 * recorded), subscribed to what the other features report. It has no IPC channels of its own.
 */
import type { Config } from '../../core/config/config-schema.ts';
import type { Feature } from '../../core/ipc/feature.ts';
import type { AuditLog } from './audit-log.ts';
import { recordReports, type ReportingFeatures } from './audit-reports.ts';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import { openAuditLog, type AuditIdentity } from './open-audit-log.ts';

export type { AuditLog } from './audit-log.ts';

export interface AuditFeatureDeps {
  /** The per-user data folder the app and the CLI share. */
  readonly dataDir: string;
  readonly config: Config;
  /** What the trail records: the others' events. */
  readonly reports: ReportingFeatures;
  /** Who is signed in now (service user id, IdP subject); null before sign-in. */
  readonly identity: () => AuditIdentity | null;
  /** Where the installation's audit key lives (the keychain). */
  readonly secrets: SecretStore;
}

export type AuditFeature = Feature<AuditLog, Record<never, never>, null>;

export async function createAuditFeature(deps: AuditFeatureDeps): Promise<AuditFeature> {
  const audit = openAuditLog({
    dataDir: deps.dataDir,
    config: deps.config,
    via: 'app',
    identity: deps.identity,
    secrets: deps.secrets,
  });
  await audit.open();
  recordReports(audit, deps.reports);
  // At quit: the records queued are written and forwarded.
  return { service: audit, handlers: {}, events: null, dispose: () => audit.close() };
}
