/**
 * `scribe audit [--since DATE] [--json]` prints the installation's audit trail (the app's and the CLI's
 * records, one folder); `scribe audit verify` checks its hash chain: exit 0 when intact, 1 naming the
 * first broken record, 5 when the key the chain is signed with cannot be read here (never told as a
 * break). CLI sessions (transcribe, dictate, note, recover) are recorded here too.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { KeychainSecretStore } from '../../../../native/keychain-secret-store.ts';
import {
  openCliAudit,
  type AuditFailure,
  type AuditRecord,
  type CliAudit,
} from '../../../compose/headless.ts';
import { configSchema } from '../../../core/config/config-schema.ts';
import { defaultUserDataDir } from '../../../core/config/paths.ts';
import { cliConfig } from '../connect.ts';
import { CliError, describeFailure, EXIT, out, usageError } from '../io.ts';
import type { CliCommand } from './registry.ts';
import { words } from '../../../../preload/words/index.ts';
import { sayNoKeychain } from '../keychain-notice.ts';

/** The data folder the app uses (or SCRIBE_DATA_DIR: a second installation, tests). */
function cliDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.SCRIBE_DATA_DIR?.trim() || defaultUserDataDir();
}

/** The trail with IT's retention settings; with the defaults when the configuration cannot be read, so a
 * broken policy never hides the trail from `scribe audit`. */
async function cliAuditLog(): Promise<CliAudit> {
  const config = await cliConfig({}).catch(() => configSchema.parse({}));
  return openCliAudit({
    dataDir: cliDataDir(),
    config,
    secrets: new KeychainSecretStore(),
    // A line about the trail (a full disk, no keychain), each said once a run: the session is not affected.
    onDidFail: (failure) => {
      if (failure.what === 'no_key') sayNoKeychain(false);
      else sayOnce(auditFailureLine(failure));
    },
  });
}

/** A failure of the trail in words, headed as the trail's (never as the command that ran). */
function auditFailureLine(failure: Exclude<AuditFailure, { what: 'no_key' }>): string {
  const said = words().cli.audit;
  switch (failure.what) {
    case 'kept_aside':
      return said.keptAside(failure.kind, failure.file);
    case 'aside_unreadable':
      return said.asideUnreadable(failure.file, failure.rejected);
    case 'aside_writer_unknown':
      return said.asideWriterUnknown(failure.file, failure.rejected);
    case 'not_recorded':
      return said.notRecorded(failure.kind, failure.code);
    default:
      return failure satisfies never;
  }
}

const saidThisRun = new Set<string>();
/** Writes a line to stderr unless this run already did (the keychain is asked again at each record). */
function sayOnce(line: string): void {
  if (saidThisRun.has(line)) return;
  saidThisRun.add(line);
  process.stderr.write(`scribe: ${line}\n`);
}

/** One record as a line for people: time, who, what, then the event's fields. */
function describe(record: AuditRecord): string {
  const { kind, ...fields } = record.what;
  const { account, externalId, userId, sub } = record.who;
  const ids = [externalId, userId && `user ${userId}`, sub && `sub ${sub}`].filter(Boolean);
  const who = ids.length > 0 ? `${account} (${ids.join(', ')})` : account;
  const details = Object.entries(fields).map(
    ([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`,
  );
  return [
    record.at,
    `#${record.seq}`,
    who,
    `${kind}`,
    ...details,
    `[${record.by.via} ${record.by.version}]`,
    ...(record.unkeyed ? [words().cli.audit.mergedLater(record.unkeyed.seq)] : []),
  ].join('  ');
}

/** Checks the chain, then (with `collected`, what IT's collector stored) that the trail reaches its heads. */
async function verify({ log: audit, reading }: CliAudit, collected: string | undefined): Promise<number> {
  const said = words().cli.audit;
  const result = await audit.verify();
  if ('keyUnreadable' in result) {
    const { seq, file, line } = result.keyUnreadable;
    throw new CliError(said.keyUnreadable(seq, file, line), EXIT.unverifiable);
  }
  if (!result.ok) {
    const { file, line, seq, reason, after } = result.broken;
    const why = said.breaks[reason](after ?? 0);
    throw new CliError(said.broken(seq, file, line, why), EXIT.failure);
  }
  if (result.aside > 0) process.stderr.write(`${said.asideNotVerified(result.aside, reading.asideFile)}\n`);
  if (result.merged > 0) process.stderr.write(`${said.mergedUnvouched(result.merged)}\n`);
  if (collected === undefined) {
    out(said.intact(result.records, result.firstSeq));
    // Issue 32: what a check on this computer alone cannot see, every time it is run without the collector.
    process.stderr.write(`${said.localOnly}\n`);
    return 0;
  }
  const text = await readFile(collected, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliError(said.collectedUnreadable(error.code ?? 'error'), EXIT.usage);
  });
  const check = await reading.againstCollected(audit, text, result.firstSeq);
  if (!check.ok)
    throw new CliError(
      check.reason === 'missing' ? said.cutShort(check.seq) : said.rewritten(check.seq),
      EXIT.failure,
    );
  out(said.intactCollected(result.records, result.firstSeq, check.collected, check.newest ?? null));
  return 0;
}

/** Runs `scribe audit …`. */
async function audit(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { since: { type: 'string' }, json: { type: 'boolean' }, collected: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError(error);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1 || (positionals[0] !== undefined && positionals[0] !== 'verify'))
    throw new CliError(words().cli.usageOf(auditCommand.synopsis), EXIT.usage);
  const log = await cliAuditLog();
  if (positionals[0] === 'verify') return verify(log, values.collected);
  if (values.collected !== undefined)
    throw new CliError(words().cli.usageOf(auditCommand.synopsis), EXIT.usage);
  const since = values.since === undefined ? undefined : new Date(values.since);
  if (since && Number.isNaN(since.getTime())) throw new CliError(words().cli.audit.since, EXIT.usage);
  for (const record of await log.log.read(since))
    out(values.json ? JSON.stringify(record) : describe(record));
  return 0;
}

/** The `audit` command. */
export const auditCommand: CliCommand = {
  name: 'audit',
  synopsis: 'audit [--since DATE] [--json] | audit verify [--collected FILE]',
  run: audit,
};

const SESSIONS = ['transcribe', 'dictate', 'note', 'recover'] as const;
type Session = (typeof SESSIONS)[number];
const isSession = (command: string | undefined): command is Session =>
  (SESSIONS as readonly string[]).includes(command ?? '');

/** Runs a CLI invocation and records it when it is a session (a recover listing is not). */
export async function withCliAudit(
  argv: string[],
  run: (argv: string[]) => Promise<number>,
): Promise<number> {
  const [command, ...rest] = argv;
  if (!isSession(command) || ['--list', '--help', '-h'].some((flag) => rest.includes(flag))) return run(argv);
  // The session is reported as an event; the trail hears it and writes it before the CLI exits.
  const record = async (exitCode: number) => {
    const audit = await cliAuditLog().catch(() => null);
    audit?.report({ kind: 'cli_command', command, exitCode });
    await audit?.close();
  };
  try {
    const code = await run(argv);
    await record(code);
    return code;
  } catch (error) {
    await record(describeFailure(error).exitCode);
    throw error;
  }
}
