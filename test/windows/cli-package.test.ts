/**
 * The win32-x64 CLI folder (dist/cli/scribe-win32-x64 from build.cli-packages.mjs, built by the lane), copied
 * alone into an empty folder and run through its scribe.cmd by the Windows Node found on PATH (PATH holds only
 * that Node and Windows' own folder, nothing of the repository): --help, doctor against the local service
 * (started in this process), audit verify. The lane's keep-alive shim rides along in NODE_OPTIONS (a gap of
 * Wine's sockets, see keepalive-shim.cjs), not in the folder.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../integration/core/api/harness.ts';

const PACKAGE = join(__dirname, '..', 'dist', 'cli', 'scribe-win32-x64');
const SHIM = join(__dirname, '..', 'keepalive-shim.cjs');

let h: Harness;
let dir: string;
let cli: string;

/** `scribe.cmd args` through cmd.exe, with only the Windows Node and system32 on PATH. */
function scribe(args: string[], extra: Record<string, string> = {}) {
  // Windows spells it Path: every spelling of PATH (and NODE_PATH) is dropped, then PATH set once.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(node_)?path$/i.test(key)),
  );
  const env = {
    ...inherited,
    PATH: `${dirname(process.execPath)};${process.env.SystemRoot ?? 'C:\\windows'}\\system32`,
    // NODE_OPTIONS reads backslashes as escapes: the path with forward slashes, which Windows takes too.
    NODE_OPTIONS: `--require "${SHIM.replaceAll('\\', '/')}"`,
    ...extra,
  };
  const child = spawn(`"${join(cli, 'scribe.cmd')}"`, args, {
    env,
    cwd: dir,
    shell: true,
    windowsHide: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr })),
  );
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scribe-package-'));
  cli = join(dir, 'scribe-win32-x64');
  await cp(PACKAGE, cli, { recursive: true });
  h = await startHarness();
  await writeFile(join(dir, 'key.pem'), h.staticPem);
});
after(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the win32-x64 CLI folder, copied alone, under the Windows Node', () => {
  it('--help prints the usage', async () => {
    const run = await scribe(['--help']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^usage: scribe <command>/);
  });

  it('doctor passes every check against the local service', async () => {
    const run = await scribe(['doctor'], {
      SCRIBE_SERVICE_URL: h.service.url,
      SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
      SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^ok\s+Sign-in: Signed in with organization server credentials/m);
  });

  it('audit verify answers on the account trail', async () => {
    const run = await scribe(['audit', 'verify']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^audit: intact/);
  });
});
