/** Settings' words from keys and closed params (preload/contract/setting-words.ts), and SettingsError's code. */
import { describe, expect, it } from 'vitest';
import { KEYS } from '../../../main/config/policy-keys.ts';
import { SettingsError } from '../../../main/config/settings-store.ts';
import { toFailure } from '../../../main/ipc/error-mapping.ts';
import {
  ERROR_TEXT,
  IpcErrorSchema,
  LOCKED_SETTING_TITLES,
  SETTING_TITLES,
  SettingsSchema,
  formatError,
  settingsNoticeText,
  type SettingsNotice,
} from '../../../preload/contract/index.ts';

const CANARY = 'Patient Jane Canary, chest pain since Tuesday';

describe('setting words', () => {
  it('titles every configuration key as IT reads it in the policy keys', () => {
    const titles = Object.fromEntries(Object.entries(KEYS).map(([key, spec]) => [key, spec.title]));
    expect(SETTING_TITLES).toEqual(titles);
    for (const [key, title] of Object.entries(LOCKED_SETTING_TITLES))
      expect(title).toBe(SETTING_TITLES[key as keyof typeof SETTING_TITLES]);
  });

  it('says a reset settings file in the words it always had, from a notice that crosses IPC as data', () => {
    const notice: SettingsNotice = {
      code: 'settings_reset',
      file: '/home/a/.config/Scribe Desktop/settings.json',
      backup: '/home/a/.config/Scribe Desktop/settings.backup-1.json',
      problems: [
        { key: 'logLevel', reason: 'must be one of error, warn, info, debug' },
        { key: 'oldKey', reason: 'is not a known setting' },
      ],
    };
    expect(settingsNoticeText(notice)).toBe(
      'Your settings file could not be used, so the settings it held were reset (logLevel from user settings /home/a/.config/Scribe Desktop/settings.json: must be one of error, warn, info, debug; oldKey from user settings /home/a/.config/Scribe Desktop/settings.json: is not a known setting). The old file is kept at /home/a/.config/Scribe Desktop/settings.backup-1.json.',
    );
    expect(
      settingsNoticeText({ ...notice, file: null, backup: null, problems: [{ key: '', reason: 'x' }] }),
    ).toBe('Your settings file could not be used, so the settings it held were reset (user settings: x).');
    const settings = {
      devices: [],
      clinicianDeviceId: null,
      patientDeviceId: null,
      speechLocales: ['ENGLISH_US'],
      noteLocale: null,
      noteTemplateKey: null,
    };
    expect(SettingsSchema.safeParse({ ...settings, notice }).success).toBe(true);
    expect(SettingsSchema.safeParse({ ...settings, notice: settingsNoticeText(notice) }).success).toBe(false);
  });
});

describe('a settings file error from a handler', () => {
  it.each([
    ['settings_invalid', /this version of the app does not accept its value/],
    ['settings_unreadable', /Your settings file cannot be read/],
  ] as const)(
    '%s reaches the window as its own words, not "internal", and never its message',
    (code, words) => {
      const failure = toFailure(new SettingsError(code, `logLevel: ${CANARY}`, 'logLevel'));
      expect(failure.code).toBe('config_invalid');
      const error = failure.toIpcError();
      expect(IpcErrorSchema.parse(error)).toEqual(error);
      const text = formatError(error);
      expect(text).toMatch(words);
      expect(text).not.toBe(ERROR_TEXT.internal);
      expect(JSON.stringify(error) + text).not.toContain('Canary');
    },
  );
});
