/**
 * Runs `scribe broker --listen 127.0.0.1:0` as a real child process (the CLI as shipped) and waits for its
 * `listening on http://HOST:PORT` line. Its stderr (the log) is collected for canary checks. Free of vitest,
 * so the load bench (test/bench/broker.ts) runs brokers the same way; tests use broker-process.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running broker process. */
export interface BrokerProcess {
  url: string;
  /** Its process id (the load bench reads its memory and CPU). */
  pid: number;
  /** Everything the broker wrote to stdout and stderr so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** The JSON log lines so far. */
  logs(): Record<string, unknown>[];
  /** Stops it with SIGTERM (or `signal`) and resolves with its exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the broker of the CLI bundle `cli` with `env` (plus PATH/HOME) and waits until it listens;
 * `nodeArgs` go to node itself (the bench's `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startBrokerChild(
  cli: string,
  env: Record<string, string>,
  args: string[] = [],
  nodeArgs: string[] = [],
): Promise<BrokerProcess> {
  const argv = [...nodeArgs, cli, 'broker', '--listen', '127.0.0.1:0', ...args];
  const child: ChildProcess = spawn(process.execPath, argv, {
    cwd: process.cwd(),
    // No drain by default (issue 34): a test that stops a broker does not wait for a balancer.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SCRIBE_BROKER_DRAIN_SEC: '0', ...env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^listening on (https?:\/\/\S+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`broker exited (${code}): ${stderr.trim()}`)));
  });
  return {
    url,
    pid: child.pid!,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    logs: () =>
      stderr
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}

/** POST /v1/token with a bearer token; the status and the parsed JSON body. */
export async function presentToken(
  brokerUrl: string,
  token: string | undefined,
  init: { method?: string; body?: string; path?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${brokerUrl}${init.path ?? '/v1/token'}`, {
    method: init.method ?? 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The broker's environment for the local service's static OAuth client and a test provider. */
export async function brokerEnv(
  service: { url: string; clientId: string; pem: string },
  idp: { issuer: string; clientId: string },
): Promise<Record<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), 'scribe-broker-'));
  await writeFile(join(dir, 'key.pem'), service.pem, { mode: 0o600 });
  return {
    SCRIBE_SERVICE_URL: service.url,
    SCRIBE_CLIENT_ID: service.clientId,
    SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
    SCRIBE_BROKER_ISSUER: idp.issuer,
    SCRIBE_BROKER_AUDIENCE: idp.clientId,
    SCRIBE_BROKER_USER_CLAIM: 'oid',
  };
}
