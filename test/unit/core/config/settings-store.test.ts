import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_SETTING_KEYS } from '../../../../main/core/config/config-schema.ts';
import { loadConfig } from '../../../../main/core/config/load-config.ts';
import {
  defaultJournalDir,
  defaultUserDataDir,
  managedJournalDir,
  vaultDirs,
} from '../../../../main/core/config/paths.ts';
import { resolveConfig } from '../../../../main/core/config/resolve-config.ts';
import { openNodeSettingsStore } from '../../../../main/core/config/node-settings-store.ts';
import {
  SettingsError,
  userSettingsSchema,
  type UserSettingsPatch,
} from '../../../../main/core/config/settings-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Node SettingsStore over conf', () => {
  it('writes settings.json with mode 0600 and reads it back in a new instance', async () => {
    const store = openNodeSettingsStore(dir);
    store.set({
      noteLocale: 'FRENCH_FR',
      speechLocales: ['ENGLISH_US', 'SPANISH_MX'],
      serviceUrl: 'https://eu.api.example.com/',
    });
    const path = join(dir, 'settings.json');
    expect(store.origin).toBe(path);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(openNodeSettingsStore(dir).get()).toEqual({
      noteLocale: 'FRENCH_FR',
      speechLocales: ['ENGLISH_US', 'SPANISH_MX'],
      serviceUrl: 'https://eu.api.example.com',
    });
  });

  it('refuses a bad value or an unknown key, naming the key, and writes nothing of the patch', async () => {
    const store = openNodeSettingsStore(dir);
    store.set({ logLevel: 'warn' });
    const bad = { logLevel: 'debug', noteLocale: 'KLINGON' } as unknown as UserSettingsPatch;
    expect(() => store.set(bad)).toThrow(SettingsError);
    expect(() => store.set(bad)).toThrow('noteLocale: must be one of ENGLISH_US, ENGLISH_UK, FRENCH_FR');
    const unknown = { transcriptText: 'patient said' } as unknown as UserSettingsPatch;
    expect(() => store.set(unknown)).toThrow('transcriptText: is not a user setting');
    expect(() => store.set({ apiVersion: '2026-01-01' } as unknown as UserSettingsPatch)).toThrow(
      'apiVersion: is not a user setting',
    );
    expect(store.read()).toEqual({ logLevel: 'warn' });
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain('patient said');
  });

  it('removes keys with undefined and reset', () => {
    const store = openNodeSettingsStore(dir);
    store.set({ microphone: 'USB Mic', secondMicrophone: 'Room', logLevel: 'debug' });
    store.set({ microphone: undefined });
    expect(store.get()).toEqual({ secondMicrophone: 'Room', logLevel: 'debug' });
    store.reset(['logLevel']);
    expect(store.get()).toEqual({ secondMicrophone: 'Room' });
    store.reset();
    expect(store.read()).toEqual({});
  });

  it('get() leaves out hand-edited bad entries that resolveConfig reports', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ logLevel: 'loud', noteLocale: 'ENGLISH_UK' }),
    );
    const store = openNodeSettingsStore(dir);
    expect(store.get()).toEqual({ noteLocale: 'ENGLISH_UK' });
    const result = await loadConfig({ settings: store, env: { SCRIBE_POLICY_FILE: join(dir, 'none.json') } });
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      `logLevel from user settings ${join(dir, 'settings.json')}: must be one of error, warn, info, debug`,
    ]);
  });

  it('a corrupt file is a settings_unreadable error, listed by loadConfig, and not wiped', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, '{"logLevel": ');
    const store = openNodeSettingsStore(dir);
    expect(() => store.read()).toThrow(expect.objectContaining({ code: 'settings_unreadable' }));
    const result = await loadConfig({ settings: store, env: { SCRIBE_POLICY_FILE: join(dir, 'none.json') } });
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      `user settings ${path}: is not valid JSON (fix or delete the file)`,
    ]);
    expect(await readFile(path, 'utf8')).toBe('{"logLevel": ');
  });

  it('the schema holds exactly the user-settable keys', () => {
    expect(Object.keys(userSettingsSchema.shape).sort()).toEqual([...USER_SETTING_KEYS].sort());
    expect(USER_SETTING_KEYS).not.toContain('allowUserServiceUrlChange');
    expect(USER_SETTING_KEYS).not.toContain('apiVersion');
  });
});

describe('loadConfig', () => {
  it('puts the policy file between the environment and the user settings', async () => {
    const policyPath = join(dir, 'policy.json');
    await writeFile(
      policyPath,
      JSON.stringify({ noteLocale: 'ENGLISH_UK', allowUserServiceUrlChange: false }),
    );
    const store = openNodeSettingsStore(join(dir, 'user'));
    store.set({ noteLocale: 'FRENCH_FR', serviceUrl: 'https://us.api.example.com', logLevel: 'debug' });
    const result = await loadConfig({
      settings: store,
      env: { SCRIBE_POLICY_FILE: policyPath, SCRIBE_LOG_LEVEL: 'warn' },
      flags: { microphone: 'Flag Mic' },
    });
    if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.config).toMatchObject({
      noteLocale: 'ENGLISH_UK',
      logLevel: 'warn',
      microphone: 'Flag Mic',
      allowUserServiceUrlChange: false,
    });
    expect(result.config.serviceUrl).toBeUndefined();
    expect(result.sources.noteLocale.label).toBe(`managed policy ${policyPath}`);
  });

  it('reports a broken policy file together with other problems', async () => {
    const policyPath = join(dir, 'policy.json');
    await writeFile(policyPath, 'not json');
    const result = await loadConfig({ env: { SCRIBE_POLICY_FILE: policyPath, SCRIBE_NOTE_LOCALE: 'X' } });
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      `managed policy ${policyPath}: is not valid JSON`,
      'noteLocale from environment SCRIBE_NOTE_LOCALE: must be one of ENGLISH_US, ENGLISH_UK, FRENCH_FR',
    ]);
  });
});

describe('defaultUserDataDir', () => {
  it('matches Electron userData for productName "Scribe Desktop"', () => {
    expect(defaultUserDataDir('linux', {}, '/home/a')).toBe('/home/a/.config/Scribe Desktop');
    expect(defaultUserDataDir('linux', { XDG_CONFIG_HOME: '/x' }, '/home/a')).toBe('/x/Scribe Desktop');
    expect(defaultUserDataDir('darwin', {}, '/Users/a')).toBe(
      '/Users/a/Library/Application Support/Scribe Desktop',
    );
    expect(defaultUserDataDir('win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'C:\\Users\\a')).toBe(
      'C:\\Users\\a\\AppData\\Roaming\\Scribe Desktop',
    );
  });
});

describe('vaultDirs', () => {
  const env = { APPDATA: 'C:\\Users\\a b\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\a b\\AppData\\Local' };
  it('puts the vaults in %LOCALAPPDATA% on Windows, moving them from the Roaming data folder', () => {
    expect(
      vaultDirs('C:\\Users\\a b\\AppData\\Roaming\\Scribe Desktop', 'win32', env, 'C:\\Users\\a b'),
    ).toEqual({
      dataDir: 'C:\\Users\\a b\\AppData\\Local\\Scribe Desktop',
      legacyDir: 'C:\\Users\\a b\\AppData\\Roaming\\Scribe Desktop',
    });
    // Electron's userData may differ in case from %APPDATA%: still the roaming folder.
    expect(vaultDirs('c:\\users\\a b\\appdata\\roaming\\scribe desktop', 'win32', env).dataDir).toBe(
      'C:\\Users\\a b\\AppData\\Local\\Scribe Desktop',
    );
  });

  it('leaves them in a data folder set by hand, and on macOS and Linux', () => {
    expect(vaultDirs('D:\\second', 'win32', env)).toEqual({ dataDir: 'D:\\second' });
    expect(vaultDirs('/home/a/.config/Scribe Desktop', 'linux', {}, '/home/a')).toEqual({
      dataDir: '/home/a/.config/Scribe Desktop',
    });
  });
});

describe('defaultJournalDir', () => {
  it('keeps journals on this machine: never in Roaming on Windows, in the XDG state folder on Linux', () => {
    expect(
      defaultJournalDir(
        'win32',
        { APPDATA: 'C:\\Users\\a\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' },
        'C:\\Users\\a',
      ),
    ).toBe('C:\\Users\\a\\AppData\\Local\\Scribe Desktop\\journals');
    expect(defaultJournalDir('win32', {}, 'C:\\Users\\a')).toBe(
      'C:\\Users\\a\\AppData\\Local\\Scribe Desktop\\journals',
    );
    expect(defaultJournalDir('linux', {}, '/home/a')).toBe('/home/a/.local/state/Scribe Desktop/journals');
    expect(defaultJournalDir('linux', { XDG_STATE_HOME: '/s' }, '/home/a')).toBe(
      '/s/Scribe Desktop/journals',
    );
    expect(defaultJournalDir('darwin', {}, '/Users/a')).toBe(
      '/Users/a/Library/Application Support/Scribe Desktop/journals',
    );
  });

  it('may be moved by IT (policy or environment), not from the user settings, only to an absolute path', () => {
    const fromPolicy = resolveConfig({
      env: {},
      policy: { values: { journalDir: 'D:\\Scribe\\journals' }, origin: 'policy.json' },
    });
    expect(fromPolicy.ok && fromPolicy.config.journalDir).toBe('D:\\Scribe\\journals');
    const relative = resolveConfig({ env: { SCRIBE_JOURNAL_DIR: 'journals' } });
    expect(relative.ok).toBe(false);
    if (!relative.ok) expect(relative.errors[0]!.message).toMatch(/journalDir.*absolute folder path/);
    const fromSettings = resolveConfig({ env: {}, settings: { values: { journalDir: '/tmp/j' } } });
    expect(fromSettings.ok).toBe(false);
    if (!fromSettings.ok) expect(fromSettings.errors[0]!.message).toMatch(/journalDir.*can only be set by/);
    expect(USER_SETTING_KEYS).not.toContain('journalDir');
  });

  it('gives each account its own folder under the root IT set, never one outside it', () => {
    expect(managedJournalDir('/srv/journals', 'dr.smith')).toBe(join('/srv/journals', 'dr.smith'));
    expect(managedJournalDir('/srv/journals', '..')).toBe(join('/srv/journals', '_'));
    expect(managedJournalDir('/srv/journals', 'HOSP\\a/b')).toBe(join('/srv/journals', 'HOSP_a_b'));
  });
});
