/**
 * `scribe broker [--config FILE] [--listen HOST:PORT]`: runs the organization's token broker until
 * SIGINT/SIGTERM. Prints `listening on http://HOST:PORT` on stdout once ready; logs one JSON line per token
 * request on stderr (who, when, outcome; never a token).
 */
import { parseArgs } from 'node:util';
import { loadBrokerConfig, plainHttpBeyondLoopback, runBroker } from '../../../programs/broker/index.ts';
import { CliError, EXIT, oneLine, out, usageError } from '../io.ts';
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
  if (!loaded.ok) throw new CliError(words().cli.broker.configuration(loaded.error), EXIT.usage);
  const broker = await runBroker(loaded.config, (record) => {
    process.stderr.write(`${JSON.stringify(record)}\n`);
  }).catch((error: Error) => {
    throw new CliError(`broker: ${oneLine(error.message)}`, EXIT.usage);
  });
  if (plainHttpBeyondLoopback(loaded.config))
    process.stderr.write(`${words().cli.broker.plainHttp(loaded.config.listen)}\n`);
  // Machine-readable: service managers and tests wait for this line, in every language.
  out(`listening on ${broker.url}`);
  await stopped();
  await broker.close();
  return 0;
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
 * the signal on: the broker is then left running, re-parented. So, started by npm, it stops when the
 * process that started it is gone. (A service manager starts `node` itself, which gets the signals.)
 */
function whenParentGone(stop: () => void): () => void {
  if (!process.env.npm_lifecycle_event) return () => undefined;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 500);
  timer.unref();
  return () => clearInterval(timer);
}

/** The broker command. */
export const brokerCommand: CliCommand = {
  name: 'broker',
  synopsis: 'broker [--config FILE] [--listen HOST:PORT]',
  run,
};
