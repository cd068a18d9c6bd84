/**
 * The installation's audit trail as the app and the CLI open it: in the data folder they share, kept as
 * the policy says (auditRetentionDays, auditFileMegabytes), acting as this OS account and, when the
 * installation acts as a service user, that user's external id.
 */
import { userInfo } from 'node:os';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Config } from '../../core/config/config-schema.ts';
import { AuditLog } from './audit-log.ts';

/** This program's version (package.json; Electron's app.getVersion() reads the same field). */
const APP_VERSION: string = packageJson.version;

/** The OS account name, or a placeholder where the OS will not say. */
function accountName(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The signed-in clinician as the trail names them (ids only; see ClinicianIdentity). */
export interface AuditIdentity {
  readonly userId?: string;
  readonly sub?: string;
}

/** Opens (without writing) the audit trail in `dataDir`. */
export function openAuditLog(options: {
  dataDir: string;
  config: Config;
  via: 'app' | 'cli';
  /** Who is signed in now (read at each record: the connection can change). */
  identity?: () => AuditIdentity | null;
  onDidFail?: (kind: string, code: string) => void;
}): AuditLog {
  const { config } = options;
  const account = accountName();
  return new AuditLog({
    dir: options.dataDir,
    source: { via: options.via, version: APP_VERSION },
    who: () => {
      const identity = options.identity?.() ?? null;
      return {
        account,
        ...(config.userExternalId ? { externalId: config.userExternalId } : {}),
        ...(identity?.userId ? { userId: identity.userId.slice(0, 256) } : {}),
        ...(identity?.sub ? { sub: identity.sub.slice(0, 256) } : {}),
      };
    },
    retentionDays: config.auditRetentionDays,
    maxFileBytes: config.auditFileMegabytes * 1024 * 1024,
    // A trail that cannot be written must not stop clinical work; it is said on stderr by kind and code.
    onDidFail:
      options.onDidFail ??
      ((kind, code) => process.stderr.write(`audit: could not record ${kind} (${code})\n`)),
  });
}
