import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadPolicy,
  policyLocations,
  BUNDLE_ID,
  POLICY_REGISTRY_KEY,
  USER_POLICY_REGISTRY_KEY,
  type PolicyReaders,
} from '../../../../main/core/config/policy.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'policy-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const REGISTRY_VALUES = {
  serviceUrl: 'https://eu.api.example.com',
  allowUserServiceUrlChange: 0,
  journalRetentionHours: 48,
  speechLocales: ['ENGLISH_US', 'FRENCH_FR'],
};

function fakeReaders(files: Record<string, string>, registry?: Record<string, unknown>): PolicyReaders {
  return {
    async readFile(path) {
      if (path in files) return Buffer.from(files[path]!);
      throw Object.assign(new Error('missing'), { code: 'ENOENT' });
    },
    async registry(key) {
      return key === POLICY_REGISTRY_KEY ? registry : undefined;
    },
    async plistToXml() {
      throw new Error('no plutil here');
    },
  };
}

describe('policy locations', () => {
  it('uses a JSON file per platform, managed preferences first on macOS, the registry first on Windows', () => {
    expect(policyLocations({ platform: 'linux', env: {} })).toEqual([
      { kind: 'json', path: '/etc/scribe-desktop/policy.json' },
    ]);
    expect(policyLocations({ platform: 'darwin', env: {}, user: 'drjones' })).toEqual([
      { kind: 'plist', path: `/Library/Managed Preferences/drjones/${BUNDLE_ID}.plist` },
      { kind: 'plist', path: `/Library/Managed Preferences/${BUNDLE_ID}.plist` },
      { kind: 'json', path: '/Library/Application Support/ScribeDesktop/policy.json' },
    ]);
    expect(policyLocations({ platform: 'win32', env: { ProgramData: 'D:\\PD' } })).toEqual([
      { kind: 'registry', key: POLICY_REGISTRY_KEY },
      { kind: 'registry', key: USER_POLICY_REGISTRY_KEY },
    ]);
    expect(USER_POLICY_REGISTRY_KEY).toBe('HKCU\\Software\\Policies\\ScribeDesktop\\ScribeDesktop');
  });

  it('SCRIBE_POLICY_FILE replaces every other location in development and the CLI', () => {
    expect(policyLocations({ platform: 'win32', env: { SCRIBE_POLICY_FILE: '/tmp/p.json' } })).toEqual([
      { kind: 'json', path: '/tmp/p.json' },
    ]);
  });

  it('the installed app never lets SCRIBE_POLICY_FILE move its policy', () => {
    const env = { SCRIBE_POLICY_FILE: '/tmp/p.json' };
    expect(policyLocations({ platform: 'linux', env, packaged: true })).toEqual([
      { kind: 'json', path: '/etc/scribe-desktop/policy.json' },
    ]);
  });

  it('the bundle id is the one electron-builder signs the app with', () => {
    const builder = readFileSync(join(import.meta.dirname, '../../../../electron-builder.yml'), 'utf8');
    expect(builder).toMatch(new RegExp(`^appId: ${BUNDLE_ID.replaceAll('.', '\\.')}$`, 'm'));
  });
});

describe('macOS managed preferences', () => {
  const fixture = join(import.meta.dirname, '../../../fixtures/policy/com.scribedesktop.app.plist');

  it("reads a configuration profile's plist from its path (per user before the computer's)", async () => {
    const xml = readFileSync(fixture, 'utf8');
    const userPath = `/Library/Managed Preferences/drjones/${BUNDLE_ID}.plist`;
    const loaded = await loadPolicy({
      platform: 'darwin',
      env: {},
      user: 'drjones',
      readers: fakeReaders({ [userPath]: xml, [`/Library/Managed Preferences/${BUNDLE_ID}.plist`]: '<x' }),
    });
    expect(loaded).toEqual({
      ok: true,
      policy: {
        origin: userPath,
        values: {
          serviceUrl: 'https://eu.api.example.com',
          allowUserServiceUrlChange: false,
          speechLocales: ['ENGLISH_UK'],
          journalRetentionHours: 12,
          noteTemplateKey: 'soap',
        },
      },
    });
  });

  it('converts a binary plist with plutil, and a broken one is an error, not "no policy"', async () => {
    const path = `/Library/Managed Preferences/${BUNDLE_ID}.plist`;
    const readers = fakeReaders({ [path]: 'bplist00\u0000garbage' });
    const converted: string[] = [];
    readers.plistToXml = async (p) => (converted.push(p), readFileSync(fixture, 'utf8'));
    const loaded = await loadPolicy({ platform: 'darwin', env: {}, user: 'x', readers });
    expect(converted).toEqual([path]);
    expect(loaded).toMatchObject({ ok: true, policy: { values: { noteTemplateKey: 'soap' } } });
    const broken = await loadPolicy({
      platform: 'darwin',
      env: {},
      user: 'x',
      readers: fakeReaders({ [path]: '<plist><dict><key>a</key>' }),
    });
    expect(broken).toMatchObject({ ok: false, error: { message: expect.stringContaining(path) } });
  });
});

describe('loadPolicy', () => {
  it('reads the JSON file named by SCRIBE_POLICY_FILE from disk', async () => {
    const path = join(dir, 'policy.json');
    await writeFile(
      path,
      '\uFEFF{"serviceUrl": "https://eu.api.example.com", "allowUserServiceUrlChange": false}',
    );
    const loaded = await loadPolicy({ env: { SCRIBE_POLICY_FILE: path } });
    expect(loaded).toEqual({
      ok: true,
      policy: {
        values: { serviceUrl: 'https://eu.api.example.com', allowUserServiceUrlChange: false },
        origin: path,
      },
    });
  });

  it('a missing file is no policy', async () => {
    expect(await loadPolicy({ env: { SCRIBE_POLICY_FILE: join(dir, 'none.json') } })).toEqual({
      ok: true,
      policy: undefined,
    });
  });

  it.each([
    ['{"serviceUrl": ', 'is not valid JSON'],
    ['["serviceUrl"]', 'must be a JSON object of settings'],
    ['null', 'must be a JSON object of settings'],
  ])('a file that is there but broken is an error naming the file (%s)', async (text, reason) => {
    const path = join(dir, 'policy.json');
    await writeFile(path, text);
    const loaded = await loadPolicy({ env: { SCRIBE_POLICY_FILE: path } });
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.message).toMatch(new RegExp(`^managed policy ${path}: ${reason}`));
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'an unreadable file is an error, not "no policy"',
    async () => {
      const path = join(dir, 'policy.json');
      await writeFile(path, '{}', { mode: 0o000 });
      const loaded = await loadPolicy({ env: { SCRIBE_POLICY_FILE: path } });
      expect(loaded.ok).toBe(false);
    },
  );

  it('an unreadable file is an error, not "no policy" (fake reader)', async () => {
    const readers: PolicyReaders = {
      readFile: async () => {
        throw Object.assign(new Error('denied'), { code: 'EACCES' });
      },
      registry: async () => undefined,
      plistToXml: async () => '',
    };
    const loaded = await loadPolicy({ platform: 'linux', env: {}, readers });
    expect(loaded).toMatchObject({
      ok: false,
      error: { message: 'managed policy /etc/scribe-desktop/policy.json: cannot be read (EACCES)' },
    });
  });

  it('on Windows the registry key wins, else the user key; a ProgramData file is never read', async () => {
    const file = 'C:\\ProgramData\\ScribeDesktop\\policy.json';
    const files = { [file]: '{"logLevel": "warn"}' };
    const fromRegistry = await loadPolicy({
      platform: 'win32',
      env: {},
      readers: fakeReaders(files, REGISTRY_VALUES),
    });
    expect(fromRegistry.ok && fromRegistry.policy?.origin).toBe(POLICY_REGISTRY_KEY);
    // Any user may write under %ProgramData%: a file there is no policy (issue 20).
    const fromFile = await loadPolicy({ platform: 'win32', env: {}, readers: fakeReaders(files) });
    expect(fromFile).toEqual({ ok: true, policy: undefined });
    const userOnly = fakeReaders(files);
    userOnly.registry = async (key) => (key === USER_POLICY_REGISTRY_KEY ? REGISTRY_VALUES : undefined);
    const fromUser = await loadPolicy({ platform: 'win32', env: {}, readers: userOnly });
    expect(fromUser.ok && fromUser.policy?.origin).toBe(USER_POLICY_REGISTRY_KEY);
  });
});
