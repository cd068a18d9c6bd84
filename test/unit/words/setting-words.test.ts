/** Settings' words from keys and closed params (preload/words/en/setting-words.ts), and SettingsError's code. */
import { describe, expect, it } from 'vitest';
import { KEYS } from '../../../main/core/config/policy-keys.ts';
import { SettingsError } from '../../../main/core/config/settings-store.ts';
import { toFailure } from '../../../main/core/ipc/error-mapping.ts';
import {
  IpcErrorSchema,
  LOCKABLE_SETTINGS,
  SETTING_KEYS,
  SettingsSchema,
  type SettingsNotice,
} from '../../../preload/contract/index.ts';
import { LOCALES, formatError, settingsNoticeText } from '../../../preload/words/index.ts';

const ERROR_TEXT = LOCALES.en.errors;
const SETTING_TITLES = LOCALES.en.settingTitles;

const CANARY = 'Patient Jane Canary, chest pain since Tuesday';

/** Settings as the window receives them, but for the notice each case adds. */
const settings = {
  devices: [],
  clinicianDeviceId: null,
  patientDeviceId: null,
  speechLocales: ['ENGLISH_US'],
  noteLocale: null,
  noteTemplateKey: null,
  displayLanguage: null,
};

describe('setting words', () => {
  it('titles every configuration key as IT reads it in the policy keys', () => {
    const titles = Object.fromEntries(Object.entries(KEYS).map(([key, spec]) => [key, spec.title]));
    expect(SETTING_TITLES).toEqual(titles);
    // The contract's list of keys is the configuration's, and every lockable setting is one of them.
    expect([...SETTING_KEYS].sort()).toEqual(Object.keys(KEYS).sort());
    for (const key of LOCKABLE_SETTINGS) expect(SETTING_KEYS).toContain(key);
  });

  it('says a reset settings file from keys and closed reasons that cross IPC as data', () => {
    const notice: SettingsNotice = {
      code: 'settings_reset',
      file: '/home/a/.config/Scribe Desktop/settings.json',
      backup: '/home/a/.config/Scribe Desktop/settings.backup-1.json',
      problems: [
        { key: 'logLevel', rule: 'value_refused' },
        { key: 'oldKey', rule: 'unknown_setting' },
        { key: 'privateKeyFile', rule: 'not_user_setting' },
      ],
    };
    expect(settingsNoticeText(notice)).toBe(
      'Your settings file /home/a/.config/Scribe Desktop/settings.json could not be used, so the settings it held were reset (Log level: this version of the app does not accept the value it held; oldKey: not a setting this version of the app knows; Private key file: only your organization or how the app is started can set this, not the settings file). The old file is kept at /home/a/.config/Scribe Desktop/settings.backup-1.json.',
    );
    expect(
      settingsNoticeText({ ...notice, file: null, backup: null, problems: [{ key: '', rule: 'not_json' }] }),
    ).toBe(
      'Your settings file could not be used, so the settings it held were reset (it is not valid JSON).',
    );
    expect(SettingsSchema.safeParse({ ...settings, notice }).success).toBe(true);
    expect(SettingsSchema.safeParse({ ...settings, notice: settingsNoticeText(notice) }).success).toBe(false);
  });

  it('lets no sentence ride in a notice: a reason outside the list or a key that is text is refused, a field beside them stripped', () => {
    const withProblem = (problem: object) => ({
      ...settings,
      notice: { code: 'settings_reset', file: null, backup: null, problems: [problem] },
    });
    expect(SettingsSchema.safeParse(withProblem({ key: 'logLevel', rule: CANARY })).success).toBe(false);
    expect(SettingsSchema.safeParse(withProblem({ key: CANARY, rule: 'unknown_setting' })).success).toBe(
      false,
    );
    expect(
      SettingsSchema.safeParse(withProblem({ key: 'logLevel', reason: 'must be one of …' })).success,
    ).toBe(false);
    const stripped = SettingsSchema.parse(
      withProblem({ key: 'logLevel', rule: 'value_refused', reason: CANARY }),
    );
    expect(JSON.stringify(stripped)).not.toContain('Canary');
    // An unknown reason from a newer main still reads as a refused value, never as nothing.
    expect(
      settingsNoticeText({
        code: 'settings_reset',
        file: null,
        backup: null,
        problems: [{ key: 'logLevel', rule: 'from_a_newer_main' as never }],
      }),
    ).toMatch(/Log level: this version of the app does not accept the value it held/);
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
