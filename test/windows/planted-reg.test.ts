/**
 * Issue 32: an ordinary user cannot supply their own "IT policy" by planting a `reg.exe`. Windows looks a
 * program started by name up in the current folder and then on PATH, both chosen by whoever starts the app;
 * the policy reader used to run `reg query` that way. Here a planted reg.exe (a copy of this Node, made to
 * print a fake `reg query` answer through NODE_OPTIONS) sits in the current folder, then on PATH; the test
 * first shows that running `reg` by name does reach it, then that the policy read is the registry's own
 * (native/win32/win32-registry.ts through advapi32), or none when IT set none.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, win32 } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { loadPolicy, POLICY_REGISTRY_KEY, USER_POLICY_REGISTRY_KEY } from '../../main/core/config/policy.ts';

/** The system's reg.exe by absolute path: how this test writes the real policy (as IT's script would). */
const REAL_REG = win32.join(process.env.SystemRoot ?? 'C:\\windows', 'System32', 'reg.exe');
const PLANTED_URL = 'https://planted.example.test';

function reg(...args: string[]): void {
  execFileSync(REAL_REG, args, { stdio: 'ignore', windowsHide: true });
}
function regDelete(key: string): void {
  try {
    reg('delete', key, '/f');
  } catch {
    // Not there.
  }
}

let root: string;
let plantedDir: string;
let elsewhere: string;
const saved = { cwd: process.cwd(), path: process.env.PATH, nodeOptions: process.env.NODE_OPTIONS };

before(() => {
  root = mkdtempSync(join(tmpdir(), 'planted-reg-'));
  plantedDir = join(root, 'planted');
  elsewhere = join(root, 'elsewhere');
  mkdirSync(plantedDir);
  mkdirSync(elsewhere);
  copyFileSync(process.execPath, join(plantedDir, 'reg.exe'));
  const answer = [
    '',
    'HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesktop\\ScribeDesktop',
    `    serviceUrl    REG_SZ    ${PLANTED_URL}`,
    '    auditOsLog    REG_DWORD    0x0',
    '',
  ].join('\r\n');
  const script = join(root, 'fake-reg.cjs');
  writeFileSync(script, `require('node:fs').writeSync(1, ${JSON.stringify(answer)}); process.exit(0);\n`);
  // Every Node this process starts (the planted reg.exe is one) prints the fake answer and exits.
  process.env.NODE_OPTIONS = `--require "${script.replaceAll('\\', '/')}"`;
});
afterEach(() => {
  process.chdir(saved.cwd);
  process.env.PATH = saved.path;
  regDelete(POLICY_REGISTRY_KEY);
  regDelete(USER_POLICY_REGISTRY_KEY);
});
after(() => {
  if (saved.nodeOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = saved.nodeOptions;
  rmSync(root, { recursive: true, force: true });
});

/** What `reg query` started by name prints from here: proof that the plant works. */
function regByName(): string {
  return execFileSync('reg', ['query', POLICY_REGISTRY_KEY], { encoding: 'utf8', windowsHide: true });
}

describe('a planted reg.exe', () => {
  it('in the current folder does not replace what IT set in the registry', async () => {
    reg(
      'add',
      POLICY_REGISTRY_KEY,
      '/v',
      'serviceUrl',
      '/t',
      'REG_SZ',
      '/d',
      'https://eu.example.test',
      '/f',
    );
    reg('add', POLICY_REGISTRY_KEY, '/v', 'historyRetentionDays', '/t', 'REG_DWORD', '/d', '7', '/f');
    reg(
      'add',
      POLICY_REGISTRY_KEY,
      '/v',
      'allowedApps',
      '/t',
      'REG_MULTI_SZ',
      '/d',
      'EPIC.exe\\0notepad.exe',
      '/f',
    );
    reg('add', POLICY_REGISTRY_KEY, '/v', 'logLevel', '/t', 'REG_EXPAND_SZ', '/d', 'warn', '/f');
    process.chdir(plantedDir);
    assert.match(regByName(), new RegExp(PLANTED_URL.replaceAll('.', '\\.')));
    const loaded = await loadPolicy({ platform: 'win32', env: {}, packaged: true });
    assert.ok(loaded.ok, JSON.stringify(loaded));
    assert.equal(loaded.policy?.origin, POLICY_REGISTRY_KEY);
    assert.deepEqual(loaded.policy?.values, {
      serviceUrl: 'https://eu.example.test',
      historyRetentionDays: 7,
      allowedApps: ['EPIC.exe', 'notepad.exe'],
      logLevel: 'warn',
    });
  });

  it('on PATH does not invent a policy where IT set none', async () => {
    process.chdir(elsewhere);
    process.env.PATH = `${plantedDir};${saved.path ?? ''}`;
    assert.match(regByName(), new RegExp(PLANTED_URL.replaceAll('.', '\\.')));
    const loaded = await loadPolicy({ platform: 'win32', env: {}, packaged: true });
    assert.deepEqual(loaded, { ok: true, policy: undefined });
  });

  it('the user key is read the same way, when the computer has none', async () => {
    reg(
      'add',
      USER_POLICY_REGISTRY_KEY,
      '/v',
      'serviceUrl',
      '/t',
      'REG_SZ',
      '/d',
      'https://us.example.test',
      '/f',
    );
    process.chdir(plantedDir);
    const loaded = await loadPolicy({ platform: 'win32', env: {}, packaged: true });
    assert.ok(loaded.ok);
    assert.equal(loaded.policy?.origin, USER_POLICY_REGISTRY_KEY);
    assert.deepEqual(loaded.policy?.values, { serviceUrl: 'https://us.example.test' });
  });
});
