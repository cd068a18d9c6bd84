/**
 * The installation's audit trail as the app and the CLI open it: in the data folder they share, kept as
 * the policy says (auditRetentionDays, auditFileMegabytes), acting as this OS account and, when the
 * installation acts as a service user, that user's external id.
 */
import { userInfo } from 'node:os';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Config } from '../../core/config/config-schema.ts';
import { readFileSync } from 'node:fs';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import { parseSyslogTarget } from '../../core/config/syslog-target.ts';
import { AuditLog } from './audit-log.ts';
import {
  ASIDE_FILE,
  ASIDE_UNREADABLE,
  ASIDE_WRITER_UNKNOWN,
  KEPT_ASIDE,
  REJECTED_ASIDE,
} from './audit-aside.ts';
import { auditKeys } from './audit-key.ts';
import { forwardToAll, type AuditForwarder } from './audit-forwarding.ts';
import { osLogForwarder } from './os-log.ts';
import { syslogForwarder } from './syslog-transport.ts';

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
  /** The keychain holding the installation's audit key; none: the chain is not keyed. */
  secrets?: SecretStore;
  /** The OS log socket (Linux; tests point it at their own receiver). */
  osLogSocket?: string;
  /** Who is signed in now (read at each record: the connection can change). */
  identity?: () => AuditIdentity | null;
  onDidFail?: (kind: string, code: string) => void;
}): AuditLog {
  const { config } = options;
  const account = accountName();
  const said = new Set<string>();
  const fail = options.onDidFail ?? ((kind: string, code: string) => toStderr(said, kind, code));
  return new AuditLog({
    ...(options.secrets
      ? { keys: auditKeys(options.secrets, options.dataDir, (code) => fail('key', code)) }
      : {}),
    ...forwarding(config, options.osLogSocket, fail),
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
    onDidFail: fail,
  });
}

/**
 * The trail's failures said on stderr, by kind and code (the app's default), each once for this trail (the
 * app opens one a run): a keychain that cannot be used would otherwise be said again at every record.
 */
function toStderr(said: Set<string>, kind: string, code: string): void {
  const once = code === KEPT_ASIDE || code === 'keychain_unavailable' ? code : `${kind} ${code}`;
  if (said.has(once)) return;
  said.add(once);
  process.stderr.write(
    code === 'keychain_unavailable'
      ? `audit: the system keychain cannot be used here, so this run's audit records are kept without the installation's key (keychain_unavailable; said once)\n`
      : code === KEPT_ASIDE
        ? `audit: no key (keychain unavailable): ${kind} kept apart in ${ASIDE_FILE}, outside the keyed trail\n`
        : code === ASIDE_WRITER_UNKNOWN
          ? `audit: ${ASIDE_FILE} was not written by this account alone (${code}): none of its records was merged, the file was set aside as ${REJECTED_ASIDE}\n`
          : code === ASIDE_UNREADABLE
            ? `audit: ${ASIDE_FILE} holds a line that is not an intact record (${code}): its intact records were merged into the keyed trail, the file was set aside as ${REJECTED_ASIDE}\n`
            : `audit: could not record ${kind} (${code})\n`,
  );
}

/** The forwarders the policy asks for: IT's syslog collector, the OS log. */
function forwarding(
  config: Config,
  osLogSocket: string | undefined,
  fail: (kind: string, code: string) => void,
): { forward?: AuditForwarder } {
  const forwarders: AuditForwarder[] = [];
  const target = config.auditSyslog ? parseSyslogTarget(config.auditSyslog) : null;
  if (target?.ok) {
    const ca = config.auditSyslogCaFile ? readCa(config.auditSyslogCaFile, fail) : undefined;
    forwarders.push(
      syslogForwarder(target.target, { ...(ca ? { ca } : {}), onDidFail: (code) => fail('syslog', code) }),
    );
  }
  if (config.auditOsLog) {
    const osLog = osLogForwarder({
      ...(osLogSocket ? { socket: osLogSocket } : {}),
      onDidFail: (code) => fail('os_log', code),
    });
    if (osLog) forwarders.push(osLog);
  }
  const forward = forwardToAll(forwarders);
  return forward ? { forward } : {};
}

/** The collector's CA file, or undefined (said by code) when it cannot be read. */
function readCa(path: string, fail: (kind: string, code: string) => void): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    fail('syslog', (error as NodeJS.ErrnoException).code ?? 'ca_unreadable');
    return undefined;
  }
}
