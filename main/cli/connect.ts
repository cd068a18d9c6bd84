import { HttpClient } from '../api/transport/http.ts';
import { checkBaseUrl } from '../api/base-url.ts';
import { openAuthSession, readPrivateKeyFile, type AuthSession } from '../api/auth/session.ts';
import { CoreClient } from '../api/core-client.ts';
import { loadConfig } from '../config/load-config.ts';
import type { Config } from '../config/config-schema.ts';
import { defaultJournalDir, journalDir, managedJournalDir } from '../config/paths.ts';
import { KeychainSecretStore } from '../secrets/keychain-secret-store.ts';
import type { VisitJournal } from '../streaming/journal.ts';
import { JournalStore } from '../streaming/journal-store.ts';
import type { DictateJournalSettings, TranscribeJournalSettings } from '../streaming/recovery.ts';
import { CliError, EXIT } from './io.ts';

/** Connection flags every command accepts (they override the environment). */
export const CONNECTION_FLAGS = {
  'service-url': { type: 'string' },
  'api-version': { type: 'string' },
  'client-id': { type: 'string' },
  'private-key-file': { type: 'string' },
  'key-id': { type: 'string' },
  user: { type: 'string' },
} as const;

export type ConnectionFlags = Partial<Record<keyof typeof CONNECTION_FLAGS, string>>;

/**
 * Resolves the configuration from flags, the environment and the managed policy (IT's settings apply to
 * the CLI too). The person's own app settings are not read: a script's behaviour must not depend on them.
 */
export async function cliConfig(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Config> {
  const result = await loadConfig({
    flags: {
      serviceUrl: flags['service-url'],
      apiVersion: flags['api-version'],
      clientId: flags['client-id'],
      privateKeyFile: flags['private-key-file'],
      keyId: flags['key-id'],
      userExternalId: flags.user,
    },
    env,
  });
  if (!result.ok)
    throw new CliError(`Configuration: ${result.errors.map((e) => e.message).join('; ')}`, EXIT.usage);
  return result.config;
}

/** What a connected command has: the transport, the token sources and the client for the active caller. */
export interface Connection {
  http: HttpClient;
  session: AuthSession;
  core: CoreClient;
  /** The server-caller client (for E/M codes and templates), when server credentials are configured. */
  serverCore: CoreClient | undefined;
}

/** Missing settings, named by their environment variable. */
export function missingConnectionSettings(config: Config): string[] {
  const missing: string[] = [];
  if (!config.serviceUrl) missing.push('SCRIBE_SERVICE_URL');
  if (!config.clientId) missing.push('SCRIBE_CLIENT_ID');
  if (!config.privateKeyFile) missing.push('SCRIBE_PRIVATE_KEY_FILE');
  return missing;
}

export function httpFor(config: Config): HttpClient {
  const check = checkBaseUrl(config.serviceUrl ?? '');
  if (!check.ok) throw new CliError(`SCRIBE_SERVICE_URL ${check.reason}.`, EXIT.usage);
  return new HttpClient({ baseUrl: check.url, apiVersion: config.apiVersion });
}

/** Signs in with the configured credentials (acting as the configured user, if any). */
export async function connect(config: Config): Promise<Connection> {
  const missing = missingConnectionSettings(config);
  if (missing.length > 0) throw new CliError(`Missing configuration: set ${missing.join(', ')}.`, EXIT.usage);
  const http = httpFor(config);
  const privateKey = await readPrivateKeyFile(config.privateKeyFile!).catch((error: Error) => {
    throw new CliError(error.message, EXIT.usage);
  });
  const session = await openAuthSession(http, {
    kind: 'server',
    credentials: { clientId: config.clientId!, privateKey, keyId: config.keyId },
    userExternalId: config.userExternalId,
  });
  const serverCore = session.server ? new CoreClient(http, session.server) : undefined;
  return { http, session, core: new CoreClient(http, session.active), serverCore };
}

/**
 * The journals folder the app uses too (`journalDir` when IT set one, else the machine-local default of
 * main/config/paths.ts), or `journals` under SCRIBE_DATA_DIR when that is set (a second installation,
 * tests). Keys live in the OS keychain under the app's service name, so the app and the CLI can recover
 * each other's sessions.
 */
export function journalStore(config: Config, env: NodeJS.ProcessEnv = process.env): JournalStore {
  const dataDir = env.SCRIBE_DATA_DIR?.trim();
  return new JournalStore({
    dir: config.journalDir
      ? managedJournalDir(config.journalDir)
      : dataDir
        ? journalDir(dataDir)
        : defaultJournalDir(),
    secrets: new KeychainSecretStore(),
    retentionHours: config.journalRetentionHours,
  });
}

/** The one line the CLI writes when the disk cannot keep a session's audio (at the start or midway). */
export const DISK_FULL_WARNING =
  'scribe: warning: the disk is full: the audio is kept in memory until the service has transcribed it, not on disk (a crash would lose it).';

/** A session's journal and the store it lives in. */
export interface CliJournal {
  store: JournalStore;
  journal: VisitJournal;
}

/**
 * Creates the session's journal (crash recovery: `scribe recover`), unless `--no-journal`. Finished journals
 * past the retention period are shredded first. A journal that cannot be created (no keychain, a full disk) is
 * one line on stderr, not a failure: the session still runs, only a crash would lose its audio.
 */
export async function openJournal(
  config: Config,
  enabled: boolean,
  kind: 'transcribe' | 'dictate',
  streams: readonly string[],
  settings: TranscribeJournalSettings | DictateJournalSettings,
): Promise<CliJournal | undefined> {
  if (!enabled) return undefined;
  const store = journalStore(config);
  try {
    await store.applyRetention();
    return { store, journal: await store.create(kind, streams, settings) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'disk_full') {
      process.stderr.write(`${DISK_FULL_WARNING}\n`);
      return undefined;
    }
    process.stderr.write(
      `scribe: note: this session is not journaled (${typeof code === 'string' ? code : 'error'}); a crash would lose its audio.\n`,
    );
    return undefined;
  }
}
