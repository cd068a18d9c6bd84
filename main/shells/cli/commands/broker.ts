/**
 * `scribe broker [--config FILE] [--listen HOST:PORT]`: runs the organization's token broker until
 * SIGINT/SIGTERM. Prints `listening on http://HOST:PORT` on stdout once ready; logs one JSON line per token
 * request on stderr (who, when, outcome; never a token).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  BrokerStartError,
  loadBrokerConfig,
  plainHttpBeyondLoopback,
  type BrokerConfig,
  runBroker,
} from '../../../programs/broker/index.ts';
import { PrivateKeyError } from '../../../core/api/auth/client-assertion.ts';
import { CliError, describeFailure, EXIT, out, usageError } from '../io.ts';
import { words } from '../../../../preload/words/index.ts';
import type { CliCommand } from './registry.ts';

const FLAGS = {
  config: { type: 'string' },
  listen: { type: 'string' },
  'service-url': { type: 'string' },
  'api-version': { type: 'string' },
  'client-id': { type: 'string' },
  'private-key-file': { type: 'string' },
  'key-id': { type: 'string' },
} as const;

async function run(args: string[]): Promise<number> {
  let values: Partial<Record<keyof typeof FLAGS, string>>;
  try {
    ({ values } = parseArgs({ args, options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw usageError(error);
  }
  const loaded = await loadBrokerConfig({
    ...(values.config ? { file: values.config } : {}),
    env: process.env,
    flags: {
      listen: values.listen,
      serviceUrl: values['service-url'],
      apiVersion: values['api-version'],
      clientId: values['client-id'],
      privateKeyFile: values['private-key-file'],
      keyId: values['key-id'],
    },
  });
  const cli = words().cli;
  if (!loaded.ok) {
    const said = loaded.problems.map((problem) => cli.brokerProblem(problem)).join(' ');
    throw new CliError(cli.broker.configuration(said), EXIT.usage);
  }
  const { listen } = loaded.config;
  const broker = await runBroker(loaded.config, (record) => {
    process.stderr.write(`${JSON.stringify(record)}\n`);
  }).catch((error: unknown) => {
    throw startFailure(error, listen);
  });
  if (plainHttpBeyondLoopback(loaded.config)) process.stderr.write(`${plainHttpNotice(loaded.config)}\n`);
  // Machine-readable: service managers and tests wait for this line, in every language.
  out(`listening on ${broker.url}`);
  await stopped();
  // Not ready at once, streams ended with a hint, requests in flight answered (issue 34).
  await broker.drain();
  return 0;
}

/** Plain HTTP beyond this machine: where the organization's TLS ends, or else a warning. */
function plainHttpNotice({ tlsEndsAt, listen }: BrokerConfig): string {
  const { broker } = words().cli;
  return tlsEndsAt ? broker.tlsEndsAt(tlsEndsAt, listen) : broker.plainHttp(listen);
}

/**
 * Why the broker did not start, in IT's words: a file its settings name, the key, the shared store, the
 * address to listen on (its errno code); anything else as the CLI words any failure (never its message).
 */
function startFailure(error: unknown, listen: string): CliError {
  const cli = words().cli;
  if (error instanceof BrokerStartError)
    return new CliError(cli.broker.configuration(cli.brokerProblem(error.problem)), EXIT.usage);
  if (error instanceof PrivateKeyError)
    return new CliError(`broker: ${cli.privateKey(error.problem)}`, EXIT.usage);
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && (syscall === 'listen' || syscall === 'getaddrinfo'))
    return new CliError(
      cli.broker.configuration(cli.brokerProblem({ kind: 'listen_failed', listen, code })),
      EXIT.usage,
    );
  const { line, exitCode } = describeFailure(error);
  return new CliError(`broker: ${line}`, exitCode);
}

/** Resolves on SIGINT, SIGTERM or (started by npm) once npm is gone. */
async function stopped(): Promise<void> {
  let stopWatching = () => undefined as void;
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    stopWatching = whenParentGone(resolve);
  });
  stopWatching();
}

/**
 * Under `npm run scribe -- broker`, stopping npm by its process id kills npm's shell, which does not pass
 * the signal on, and killing npm hard (SIGKILL) leaves its shell running: either way the broker would be
 * left running, re-parented. So, started by npm, it stops once the shell that started it or npm above it is
 * gone. (A service manager starts `node` itself, which gets the signals; docs/sign-in.md says so.)
 */
function whenParentGone(stop: () => void): () => void {
  if (!process.env.npm_lifecycle_event) return () => undefined;
  const parent = process.ppid;
  const npm = parentOf(parent);
  const timer = setInterval(() => {
    if (process.ppid !== parent || (npm !== undefined && !alive(npm))) stop();
  }, 500);
  timer.unref();
  return () => clearInterval(timer);
}

/** A process's parent, where the system tells it cheaply (Linux's /proc, macOS's ps); else undefined. */
function parentOf(pid: number): number | undefined {
  try {
    let ppid: string | undefined;
    if (process.platform === 'linux') {
      // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after its last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    } else if (process.platform === 'darwin') {
      ppid = execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    }
    const n = Number(ppid);
    return Number.isInteger(n) && n > 1 ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process is still there (signal 0 checks without sending; EPERM: there, but another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** The broker command. */
export const brokerCommand: CliCommand = {
  name: 'broker',
  synopsis: 'broker [--config FILE] [--listen HOST:PORT]',
  run,
};
