/**
 * The main bundle leaves the local service out: the sample visit loads it from its own bundle on first use,
 * and that bundle runs on its own from the built folder (where the sample recordings are copied too).
 * Neither carries the tests' fault injection (HTTP or streaming) or control API.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startHarness } from '../../integration/core/api/harness.ts';

/**
 * Names of the test-only machinery, as esbuild would write them: fault triggers, the hooks the service
 * used to run them (fault plans, dropped sockets, withheld acks, failing jobs), the request log and the
 * records of sockets, and the internals handed to the control API.
 */
const MACHINERY = [
  ...['FaultInjector', 'failNextJob', 'mintServerToken: ', 'injected: ', 'injected failure'],
  ...['dropOnSeq(', 'withholdAcks(', 'failNextUpgrade(', 'setAckDelay(', 'releaseAcks', 'acksWithheld'],
  ...['NO_FAULTS', 'NO_STREAMING_FAULTS', 'takeJobFailure', 'takeUpgradeFault', 'takeDrop', 'failJob'],
  ...['plan.delayMs', 'plan.drop', 'MAX_LOG', 'fieldSizes', 'log.push(', 'errorsSent', 'chunksByStream'],
  ...['framesByType', 'noteRejected', 'endPending', 'internals = {', 'service.internals'],
  'SocketRegistry = class extends',
];

const out = mkdtempSync(join(tmpdir(), 'scribe-bundle-'));
execFileSync(process.execPath, ['build.config.mjs'], { env: { ...process.env, BUILD_OUT_DIR: out } });
// This machine's own target only: its binaries come from node_modules, nothing is fetched.
execFileSync(process.execPath, ['build.cli-packages.mjs', '--no-archive', 'linux-x64'], {
  env: { ...process.env, BUILD_OUT_DIR: out },
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('bundles', () => {
  it('writes the CLI as one file whose help needs no native package', () => {
    const alone = mkdtempSync(join(tmpdir(), 'scribe-cli-alone-'));
    cpSync(join(out, 'cli/scribe.cjs'), join(alone, 'scribe.cjs'));
    const help = execFileSync(process.execPath, [join(alone, 'scribe.cjs'), '--help'], {
      env: { PATH: process.env.PATH, HOME: alone },
      encoding: 'utf8',
    });
    rmSync(alone, { recursive: true, force: true });
    expect(help).toMatch(/^usage: scribe <command>/);
    const cli = readFileSync(join(out, 'cli/scribe.cjs'), 'utf8');
    for (const name of MACHINERY) expect(cli).not.toContain(name);
  });

  it('keeps the local service out of the main bundle and loads its demo entry from beside it', () => {
    const main = readFileSync(join(out, 'main/index.cjs'), 'utf8');
    expect(main).toContain('"./local-service-demo.cjs"');
    const demo = readFileSync(join(out, 'main/local-service-demo.cjs'), 'utf8');
    // Names only the service defines, as esbuild writes them.
    for (const name of ['TokenStore = class', 'function startLocalService']) {
      expect(demo).toContain(name);
      expect(main).not.toContain(name);
    }
    // Fault injection, the request log, socket records and the control API are the tests' (test/service/),
    // in neither bundle: not their triggers, nor the machinery the service ran them with.
    for (const name of MACHINERY) {
      expect(demo, name).not.toContain(name);
      expect(main, name).not.toContain(name);
    }
    expect(existsSync(join(out, 'main/sample/visit.wav'))).toBe(true);
  });

  it('starts the sample service from the demo bundle', async () => {
    const demo = (await import(pathToFileURL(join(out, 'main/local-service-demo.cjs')).href)) as {
      startDemoService(): Promise<{ url: string; close(): Promise<void> }>;
    };
    const service = await demo.startDemoService();
    try {
      const answer = await fetch(`${service.url}/v1/core/server/oauth/token`, { method: 'POST' });
      expect(answer.status).toBe(400);
    } finally {
      await service.close();
    }
  });
});

/** Runs the package's `scribe` launcher with only PATH, HOME and `env`; resolves with what it ended with. */
function launch(dir: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      join(dir, 'scribe'),
      args,
      { env: { PATH: process.env.PATH, HOME: dir, ...env }, cwd: dir },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

describe('the linux-x64 CLI folder, copied alone into an empty folder', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'scribe-cli-package-'));
  cpSync(join(out, 'cli/scribe-linux-x64'), join(dir, 'scribe-linux-x64'), { recursive: true });
  const cli = join(dir, 'scribe-linux-x64');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs --help, doctor against the local service, and audit verify', async () => {
    const help = await launch(cli, ['--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^usage: scribe <command>/);
    const h = await startHarness();
    try {
      writeFileSync(join(dir, 'key.pem'), h.staticPem, { mode: 0o600 });
      const doctor = await launch(cli, ['doctor'], {
        SCRIBE_SERVICE_URL: h.service.url,
        SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
        SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
      });
      expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
      expect(doctor.stdout).toMatch(/^ok\s+Sign-in: Signed in with organization server credentials/m);
    } finally {
      await h.close();
    }
    const verify = await launch(cli, ['audit', 'verify']);
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/^audit: intact \(\d+ records?\)/);
  });

  it('holds the bundle, both launchers and the linux binaries of exactly the native packages it loads', () => {
    for (const file of ['scribe.cjs', 'scribe', 'scribe.cmd']) expect(existsSync(join(cli, file))).toBe(true);
    for (const binary of [
      'koffi/package.json',
      '@koromix/koffi-linux-x64/linux_x64/koffi.node',
      '@napi-rs/keyring-linux-x64-gnu/keyring.linux-x64-gnu.node',
      '@picovoice/pvrecorder-node/lib/linux/x86_64/pv_recorder.node',
    ])
      expect(existsSync(join(cli, 'node_modules', binary)), binary).toBe(true);
    for (const absent of ['node-hid', 'uiohook-napi', '@picovoice/pvrecorder-node/lib/windows'])
      expect(existsSync(join(cli, 'node_modules', absent)), absent).toBe(false);
  });
});
