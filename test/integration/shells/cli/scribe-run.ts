/**
 * The CLI as the tests run it: `scribe` in a child process from the repository root, with only the
 * environment a test names, and the local service set up for it. One place instead of a copy per file.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditLog, type AuditLogOptions } from '../../../../main/features/audit/audit-log.ts';
import { cliBundle } from '../../../harness/cli-bundle.ts';
import { startHarness, type Harness } from '../../core/api/harness.ts';

/** What a CLI run ended with. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI as shipped, one bundle built per run (test/harness/cli-bundle.ts); `viaNpm` runs it from source. */
const CLI = [cliBundle()];

/**
 * Variables a CLI child takes from this process (the rest it never sees): PATH and HOME by default; add the
 * session bus (DBUS_SESSION_BUS_ADDRESS, the keychain) or the sound server's folder (XDG_RUNTIME_DIR).
 */
export type Inherit = readonly string[];
const BASE: Inherit = ['PATH', 'HOME'];

function childEnv(inherit: Inherit, env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(inherit.map((k) => [k, process.env[k]])), ...env };
}

/**
 * Runs `scribe args` to its end. `viaNpm` runs it exactly as docs/cli.md says (`npm run --silent scribe --`),
 * npm's own warnings left out of stderr.
 */
export function scribe(
  args: string[],
  env: Record<string, string | undefined>,
  options: { inherit?: Inherit; viaNpm?: boolean } = {},
): Promise<Run> {
  const [command, argv] = options.viaNpm
    ? ['npm', ['run', '--silent', 'scribe', '--', ...args]]
    : [process.execPath, [...CLI, ...args]];
  return new Promise((resolve) => {
    execFile(
      command,
      argv,
      { env: childEnv(options.inherit ?? BASE, env), cwd: process.cwd() },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr: options.viaNpm ? stderr.replace(/^npm warn.*\n/gm, '') : stderr,
        }),
    );
  });
}

/** Starts `scribe args` and hands back the process (to signal or kill it) and its end. */
export function startScribe(
  args: string[],
  env: Record<string, string | undefined>,
  inherit: Inherit = BASE,
): {
  child: ChildProcessWithoutNullStreams;
  done: Promise<Run & { exitCode: number | null; signal: NodeJS.Signals | null }>;
} {
  const child = spawn(process.execPath, [...CLI, ...args], {
    env: childEnv(inherit, env),
    cwd: process.cwd(),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run & { exitCode: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (exitCode, signal) =>
      resolve({ code: exitCode ?? 1, exitCode, signal, stdout, stderr }),
    ),
  );
  return { child, done };
}

/**
 * Writes the local service's static client key into `dir` and returns what points the CLI at the service
 * with server credentials (add SCRIBE_DATA_DIR and the rest per test). Any harness: the plain service or the
 * streaming one.
 */
export async function cliEnv(h: Harness, dir: string): Promise<Record<string, string>> {
  await writeFile(join(dir, 'key.pem'), h.staticPem, { mode: 0o600 });
  return {
    SCRIBE_SERVICE_URL: h.service.url,
    SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
    SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
  };
}

/**
 * The local service (test/integration/core/api/harness.ts) and a fresh folder named `prefix…` holding its
 * static client's key; `env` points the CLI at them with server credentials (`cliEnv`).
 */
export async function serviceForCli(
  prefix: string,
): Promise<{ h: Harness; dir: string; env: Record<string, string> }> {
  const h = await startHarness();
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { h, dir, env: await cliEnv(h, dir) };
}

/** PATH, HOME and the session bus: the keychain holds the audit trail's key, as on a clinician's computer. */
export const WITH_KEYCHAIN: Inherit = [...BASE, 'DBUS_SESSION_BUS_ADDRESS'];

/**
 * `serviceForCli`, and `env` also names a data folder (`dir/data`) and a policy file that does not exist, as
 * on a computer IT has not configured.
 */
export async function serviceForCliWithData(
  prefix: string,
): Promise<{ h: Harness; dir: string; env: Record<string, string> }> {
  const cli = await serviceForCli(prefix);
  const data = {
    SCRIBE_DATA_DIR: join(cli.dir, 'data'),
    SCRIBE_POLICY_FILE: join(cli.dir, 'no-policy.json'),
  };
  return { ...cli, env: { ...cli.env, ...data } };
}

/** The app's audit trail in the data folder `dir`, as the window writes it (a CLI test reads it back). */
export function appTrail(dir: string, keys?: AuditLogOptions['keys']): AuditLog {
  return new AuditLog({
    dir,
    source: { via: 'app', version: '0.1.0' },
    who: () => ({ account: 'clinician' }),
    ...(keys ? { keys } : {}),
  });
}
