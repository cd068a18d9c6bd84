/**
 * The audit feature's one factory: the installation's audit trail, subscribed to what the others report.
 * The app's is opened (retention applied, an update recorded) and hears the features; the CLI's
 * (`via: 'cli'`) hears the CLI's sessions and is read by `scribe audit`. It has no IPC channels of its own.
 */
import type { Config } from '../../core/config/config-schema.ts';
import type { Feature } from '../../core/ipc/feature.ts';
import type { AuditLog } from './audit-log.ts';
import {
  recordCliReports,
  recordReports,
  type ReportingCli,
  type ReportingFeatures,
} from './audit-reports.ts';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import { openAuditLog, type AuditIdentity } from './open-audit-log.ts';
import { auditFailure, auditReading, type AuditFailure, type AuditReading } from './audit-reading.ts';

export type { AuditLog } from './audit-log.ts';
export type { CliCommandEvent } from './audit-reports.ts';
export type { AuditFailure, AuditReading } from './audit-reading.ts';
export type { AuditRecord } from './audit-events.ts';

interface TrailDeps {
  /** The per-user data folder the app and the CLI share. */
  readonly dataDir: string;
  readonly config: Config;
  /** Where the installation's audit key lives (the keychain). */
  readonly secrets: SecretStore;
}

/** The app's trail: opened, and hearing the features. */
interface AppAuditDeps extends TrailDeps {
  readonly via?: 'app';
  /** What the trail records: the others' events. */
  readonly reports: ReportingFeatures;
  /** Who is signed in now (service user id, IdP subject); null before sign-in. */
  readonly identity: () => AuditIdentity | null;
}

/** The CLI's trail: hearing its sessions, read and verified by `scribe audit`; nothing written at open. */
interface CliAuditDeps extends TrailDeps {
  readonly via: 'cli';
  readonly reports: ReportingCli;
  /** A record that could not be written or was kept apart (the CLI says so on stderr). */
  readonly onDidFail: (failure: AuditFailure) => void;
}

export type AuditFeatureDeps = AppAuditDeps | CliAuditDeps;

/** The trail, and (for `scribe audit`) how to read it against what IT's collector kept. */
export interface AuditFeature extends Feature<AuditLog, Record<never, never>, null> {
  readonly reading: AuditReading;
}

export async function createAuditFeature(deps: AuditFeatureDeps): Promise<AuditFeature> {
  const { dataDir, config, secrets } = deps;
  if (deps.via === 'cli') {
    const onDidFail = (kind: string, code: string) => deps.onDidFail(auditFailure(kind, code));
    const audit = openAuditLog({ dataDir, config, via: 'cli', secrets, onDidFail });
    recordCliReports(audit, deps.reports);
    return {
      service: audit,
      handlers: {},
      events: null,
      reading: auditReading,
      dispose: () => audit.close(),
    };
  }
  const audit = openAuditLog({ dataDir, config, via: 'app', identity: deps.identity, secrets });
  await audit.open();
  recordReports(audit, deps.reports);
  // At quit: the records queued are written and forwarded.
  return { service: audit, handlers: {}, events: null, reading: auditReading, dispose: () => audit.close() };
}
