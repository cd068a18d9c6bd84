/**
 * The managed policy on Windows for real: values written with `reg add` (Wine's reg.exe, as Group Policy
 * or an IT script would) read back by main/core/config/policy.ts through advapi32 (native/win32/win32-registry.ts); the computer's key wins
 * over the user's; and no file any user may write stands in for a missing policy.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { win32 } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { loadPolicy, POLICY_REGISTRY_KEY, USER_POLICY_REGISTRY_KEY } from '../../main/core/config/policy.ts';

function reg(...args: string[]): void {
  execFileSync('reg', args, { stdio: 'ignore', windowsHide: true });
}
function regDelete(key: string): void {
  try {
    reg('delete', key, '/f');
  } catch {
    // Not there.
  }
}
const PROGRAM_DATA_FILE = win32.join(
  process.env.ProgramData ?? 'C:\\ProgramData',
  'ScribeDesktop',
  'policy.json',
);

afterEach(() => {
  regDelete(POLICY_REGISTRY_KEY);
  regDelete(USER_POLICY_REGISTRY_KEY);
  rmSync(win32.dirname(PROGRAM_DATA_FILE), { recursive: true, force: true });
});

describe('the Windows policy registry keys', () => {
  it('reads HKLM values written with reg add: text, DWORD and multi-string', async () => {
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
    const loaded = await loadPolicy({ platform: 'win32', env: {}, packaged: true });
    assert.ok(loaded.ok, JSON.stringify(loaded));
    assert.equal(loaded.policy?.origin, POLICY_REGISTRY_KEY);
    assert.deepEqual(loaded.policy?.values, {
      serviceUrl: 'https://eu.example.test',
      historyRetentionDays: 7,
      allowedApps: ['EPIC.exe', 'notepad.exe'],
    });
  });

  it('HKCU cannot override or add to what HKLM sets', async () => {
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
    reg(
      'add',
      USER_POLICY_REGISTRY_KEY,
      '/v',
      'serviceUrl',
      '/t',
      'REG_SZ',
      '/d',
      'https://evil.example.test',
      '/f',
    );
    reg('add', USER_POLICY_REGISTRY_KEY, '/v', 'journal', '/t', 'REG_DWORD', '/d', '0', '/f');
    const loaded = await loadPolicy({ platform: 'win32', env: {}, packaged: true });
    assert.ok(loaded.ok);
    assert.equal(loaded.policy?.origin, POLICY_REGISTRY_KEY);
    assert.deepEqual(loaded.policy?.values, { serviceUrl: 'https://eu.example.test' });
  });

  it('uses the user Group Policy key when the computer has none', async () => {
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
    const loaded = await loadPolicy({ platform: 'win32', env: {}, packaged: true });
    assert.ok(loaded.ok);
    assert.equal(loaded.policy?.origin, USER_POLICY_REGISTRY_KEY);
    assert.deepEqual(loaded.policy?.values, { serviceUrl: 'https://us.example.test' });
  });

  it('a missing policy is not replaced by a policy.json any user may write in %ProgramData%', async () => {
    // %ProgramData% is writable by every user on Windows: a file there is no administrator's word.
    mkdirSync(win32.dirname(PROGRAM_DATA_FILE), { recursive: true });
    writeFileSync(PROGRAM_DATA_FILE, JSON.stringify({ serviceUrl: 'https://evil.example.test' }));
    const loaded = await loadPolicy({ platform: 'win32', env: {}, packaged: true });
    assert.deepEqual(loaded, { ok: true, policy: undefined });
  });
});
