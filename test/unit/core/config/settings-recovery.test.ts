/**
 * A corrupt or outdated settings file never keeps the app from starting: it is kept as a backup, reset, and
 * reported. A bad policy still stops it (fail-closed). Real files, conf underneath.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNodeSettingsStore } from '../../../../main/core/config/node-settings-store.ts';
import { loadConfigRecoveringSettings } from '../../../../main/core/config/settings-recovery.ts';
import { settingsNoticeText } from '../../../../preload/words/index.ts';
import { SettingsPreferenceStore } from '../../../../main/features/settings/preferences.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-recovery-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const now = () => new Date('2026-11-23T20:00:00.000Z');
const BACKUP = 'settings.backup-2026-11-23T20-00-00-000Z.json';
const CANARY = 'Patient Jane Canary, chest pain';
const noPolicy = () => ({ SCRIBE_POLICY_FILE: join(dir, 'none.json') });

describe('a settings file this version cannot use', () => {
  it('corrupt: kept as a backup (0600), reset, reported; the app starts', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, '{"logLevel": ');
    const settings = openNodeSettingsStore(dir);
    const result = await loadConfigRecoveringSettings({ settings, env: noPolicy(), now });
    expect(result.ok).toBe(true);
    expect(result.settingsRecovery).toEqual({
      backup: join(dir, BACKUP),
      problems: [`user settings ${path}: is not valid JSON (fix or delete the file)`],
      file: path,
      rules: [{ key: '', rule: 'not_json' }],
    });
    expect(await readFile(join(dir, BACKUP), 'utf8')).toBe('{"logLevel": ');
    expect((await stat(join(dir, BACKUP))).mode & 0o777).toBe(0o600);
    expect(settings.read()).toEqual({});
    if (!result.ok) throw new Error('not started');
    // The Settings screen says what happened and where the old file is.
    // The notice crosses IPC as keys and paths; the renderer formats it (preload/words).
    const notice = new SettingsPreferenceStore(settings, result).get().notice;
    expect(notice).toEqual({
      code: 'settings_reset',
      file: path,
      backup: join(dir, BACKUP),
      problems: [{ key: '', rule: 'not_json' }],
    });
    expect(settingsNoticeText(notice!)).toBe(
      `Your settings file ${path} could not be used, so the settings it held were reset (it is not valid JSON). The old file is kept at ${join(dir, BACKUP)}.`,
    );
    settings.set({ logLevel: 'warn' }); // usable again
    expect(openNodeSettingsStore(dir).get()).toEqual({ logLevel: 'warn' });
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('outdated: the refused keys go (the rest stays), the whole file is kept as a backup', async () => {
    const original = JSON.stringify({
      logLevel: 'loud',
      oldKey: 1,
      [CANARY]: 2,
      apiVersion: '2025-01-01',
      noteLocale: 'ENGLISH_UK',
    });
    await writeFile(join(dir, 'settings.json'), original);
    const settings = openNodeSettingsStore(dir);
    const result = await loadConfigRecoveringSettings({ settings, env: noPolicy(), now });
    if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.config.noteLocale).toBe('ENGLISH_UK');
    expect(result.settingsRecovery?.problems).toHaveLength(4);
    const notice = new SettingsPreferenceStore(settings, result).get().notice!;
    // Reasons from the closed list; a key that is not shaped like one is not named.
    expect(notice.problems).toEqual([
      { key: 'logLevel', rule: 'value_refused' },
      { key: 'oldKey', rule: 'unknown_setting' },
      { key: '', rule: 'unknown_setting' },
      { key: 'apiVersion', rule: 'not_user_setting' },
    ]);
    expect(settingsNoticeText(notice)).toBe(
      `Your settings file ${join(dir, 'settings.json')} could not be used, so the settings it held were reset (Log level: this version of the app does not accept the value it held; oldKey: not a setting this version of the app knows; a setting: not a setting this version of the app knows; API version: only your organization or how the app is started can set this, not the settings file). The old file is kept at ${join(dir, BACKUP)}.`,
    );
    expect(JSON.stringify(notice)).not.toContain('Canary');
    expect(settings.read()).toEqual({ noteLocale: 'ENGLISH_UK' });
    expect(await readFile(join(dir, BACKUP), 'utf8')).toBe(original);
  });

  it('a bad policy is never repaired: the app still refuses to start (fail-closed)', async () => {
    const policy = join(dir, 'policy.json');
    await writeFile(policy, 'not json');
    await writeFile(join(dir, 'settings.json'), '{"logLevel": ');
    const settings = openNodeSettingsStore(dir);
    const result = await loadConfigRecoveringSettings({ settings, env: { SCRIBE_POLICY_FILE: policy }, now });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      `managed policy ${policy}: is not valid JSON`,
    ]);
    expect(await readFile(policy, 'utf8')).toBe('not json');
  });

  it('a good file is left alone', async () => {
    const settings = openNodeSettingsStore(dir);
    settings.set({ logLevel: 'warn' });
    const result = await loadConfigRecoveringSettings({ settings, env: noPolicy(), now });
    expect(result.ok && result.settingsRecovery).toBeFalsy();
    expect(await readdir(dir)).toEqual(['settings.json']);
  });
});
