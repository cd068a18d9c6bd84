import type { DisplayLanguage } from '../../../preload/contract/enums.ts';
import { chooseLocale, useLocale } from '../../../preload/words/index.ts';
import { HttpClient } from '../../core/api/transport/http.ts';
import { checkBaseUrl } from '../../core/api/base-url.ts';
import { readFile } from 'node:fs/promises';
import { readPrivateKeyFile } from '../../core/api/auth/session.ts';
import { PrivateKeyError } from '../../core/api/auth/client-assertion.ts';
import type { AccessTokenSource } from '../../core/api/auth/token-source.ts';
import { CoreClient } from '../../core/api/core-client.ts';
import { loadConfig } from '../../core/config/load-config.ts';
import type { Config } from '../../core/config/config-schema.ts';
import type { ConfigProblem } from '../../core/config/resolve-config.ts';
import { configProblemTexts } from '../../compose/config-problem-words.ts';
import { defaultJournalDir, journalDir, managedJournalDir } from '../../core/config/paths.ts';
import { headless } from '../../compose/headless.ts';
import { KeychainSecretStore } from '../../../native/keychain-secret-store.ts';
import type { VisitJournal } from '../../core/journal/journal.ts';
import { JournalStore } from '../../core/journal/journal-store.ts';
import type { DictateJournalSettings, TranscribeJournalSettings } from '../../core/journal/recovery.ts';
import { CliError, EXIT } from './io.ts';
import { isKeychainCode, sayNoKeychain } from './keychain-notice.ts';
import { baseUrlPhrase, words } from '../../../preload/words/index.ts';

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
  if (!result.ok) throw new CliError(configurationLine(result.errors), EXIT.usage);
  speakSystemLanguage(result.config.displayLanguage, env);
  return result.config;
}

/** The configuration's problems in one line of the CLI's words, each naming its key and where it was set. */
function configurationLine(problems: readonly ConfigProblem[]): string {
  const cli = words().cli;
  return cli.configuration(configProblemTexts(problems).join(cli.problemSeparator));
}

/**
 * Words the CLI's messages in `setting` (displayLanguage from policy, settings, SCRIBE_DISPLAY_LANGUAGE or a
 * flag), else in the system's language as the locale variables name it (LC_ALL, LC_MESSAGES, LANG).
 */
export function speakSystemLanguage(
  setting: DisplayLanguage | null | undefined,
  env: NodeJS.ProcessEnv = process.env,
): void {
  useLocale(chooseLocale(setting, [env.LC_ALL, env.LC_MESSAGES, env.LANG]));
}

/**
 * Words the CLI's messages in the language the configuration names (IT's policy, SCRIBE_DISPLAY_LANGUAGE),
 * else the system's, before any command runs: `scribe --help` and usage errors too. A configuration that
 * cannot be read leaves the system's language (the command then names the problem).
 */
export async function speakConfiguredLanguage(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const result = await loadConfig({ flags: {}, env }).catch(() => undefined);
  speakSystemLanguage(result?.ok ? result.config.displayLanguage : null, env);
}

/** What a connected command has: the transport, the active caller's token source and its Core client. */
export interface Connection {
  http: HttpClient;
  tokens: AccessTokenSource;
  core: CoreClient;
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
  if (!check.ok) throw new CliError(`SCRIBE_SERVICE_URL ${baseUrlPhrase(check.rule)}.`, EXIT.usage);
  return new HttpClient({ baseUrl: check.url, apiVersion: config.apiVersion });
}

/**
 * The configured credentials' token source, built by the app's own tokenSourceFor (the connection's, through main/compose/headless.ts): the
 * server key, or with a user the server key acting as that user (found or created and its tokens minted on
 * the first request). The key file is read and checked here so a bad one is a usage error before any request.
 */
export async function connect(config: Config): Promise<Connection> {
  const missing = missingConnectionSettings(config);
  if (missing.length > 0)
    throw new CliError(words().cli.missingConfiguration(missing.join(', ')), EXIT.usage);
  const http = httpFor(config);
  const privateKeyPem = await readPrivateKeyPem(config.privateKeyFile!);
  const tokens = headless.connection.tokenSourceFor(
    http,
    {
      kind: 'server',
      clientId: config.clientId!,
      privateKeyPem,
      ...(config.keyId ? { keyId: config.keyId } : {}),
    },
    { userExternalId: config.userExternalId },
  );
  return { http, tokens, core: new CoreClient(http, tokens) };
}

/** The key file's PEM, refused in one line of the CLI's words when it cannot be read or is not an RSA key. */
export async function readPrivateKeyPem(path: string): Promise<string> {
  try {
    await readPrivateKeyFile(path);
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof PrivateKeyError)
      throw new CliError(words().cli.privateKey(error.problem), EXIT.usage);
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new CliError(words().cli.privateKey({ kind: 'file_unreadable', errno: code }), EXIT.usage);
  }
}

/**
 * The journals folder the app uses too (`journalDir` when IT set one, else the machine-local default of
 * main/core/config/paths.ts), or `journals` under SCRIBE_DATA_DIR when that is set (a second installation,
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
export const diskFullWarning = (): string => `scribe: ${words().cli.diskFull}`;

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
      process.stderr.write(`${diskFullWarning()}\n`);
      return undefined;
    }
    if (isKeychainCode(code)) sayNoKeychain(true);
    else
      process.stderr.write(
        `scribe: ${words().cli.notJournaled(typeof code === 'string' ? code : 'error')}\n`,
      );
    return undefined;
  }
}
