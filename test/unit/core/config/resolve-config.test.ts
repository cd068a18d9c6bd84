import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../../../main/core/api/protocol.ts';
import { logs } from '../../../../main/core/config/log-level.ts';
import { CONFIG_KEYS, flagName, KEY_INFO } from '../../../../main/core/config/config-schema.ts';
import {
  formatConfigErrors,
  resolveConfig,
  type ConfigInputs,
  type ResolveResult,
} from '../../../../main/core/config/resolve-config.ts';

const POLICY = '/etc/scribe-desktop/policy.json';

function ok(result: ResolveResult) {
  if (!result.ok) throw new Error(formatConfigErrors(result.errors));
  return result;
}
function messages(inputs: ConfigInputs): string[] {
  const result = resolveConfig(inputs);
  if (result.ok) throw new Error('expected errors');
  return result.errors.map((e) => e.message);
}

describe('resolveConfig in the installed (packaged) app', () => {
  const policy = {
    values: { serviceUrl: 'https://eu.api.example.com', noteLocale: 'ENGLISH_UK' },
    origin: '/etc/scribe-desktop/policy.json',
  };
  const env = {
    SCRIBE_SERVICE_URL: 'https://us.attacker.example.com',
    SCRIBE_JOURNAL_DIR: '/home/dr/Dropbox/journals',
    SCRIBE_LOG_LEVEL: 'debug',
  };

  it('ignores SCRIBE_* variables unless the policy allows them, and says so', () => {
    const result = ok(resolveConfig({ env, policy, packaged: true }));
    expect(result.config.serviceUrl).toBe('https://eu.api.example.com');
    expect(result.config.journalDir).toBeUndefined();
    expect(result.config.logLevel).toBe('info');
    expect(result.ignored.map((p) => p.key).sort()).toEqual(['journalDir', 'logLevel', 'serviceUrl']);
    expect(result.ignored[0]!.message).toMatch(/installed app ignores SCRIBE_\* variables/);
  });

  it('when allowed, the environment ranks below the policy and never moves the journal folder', () => {
    const allowing = { ...policy, values: { ...policy.values, allowEnvironmentOverrides: true } };
    const result = ok(resolveConfig({ env, policy: allowing, packaged: true }));
    expect(result.config.serviceUrl).toBe('https://eu.api.example.com');
    expect(result.config.logLevel).toBe('debug');
    expect(result.config.journalDir).toBeUndefined();
    expect(result.sources.logLevel.layer).toBe('env');
    expect(result.sources.serviceUrl.layer).toBe('policy');
  });

  it('development builds and the CLI keep the environment above the policy', () => {
    const result = ok(resolveConfig({ env, policy }));
    expect(result.config.serviceUrl).toBe('https://us.attacker.example.com');
    expect(result.config.journalDir).toBe('/home/dr/Dropbox/journals');
  });

  it('allowEnvironmentOverrides itself comes from the policy only', () => {
    const fromEnv = ok(resolveConfig({ env: { SCRIBE_ALLOW_ENVIRONMENT_OVERRIDES: 'true' } }));
    expect(fromEnv.config.allowEnvironmentOverrides).toBe(false);
    expect(messages({ settings: { values: { allowEnvironmentOverrides: true } } })[0]).toMatch(
      /can only be set by the managed policy/,
    );
  });
});

describe('resolveConfig precedence', () => {
  it('uses the defaults when nothing is given', () => {
    const { config, sources, locked } = ok(resolveConfig({}));
    // Other blocks (sign-in, dictation…) add defaults of their own.
    expect(config).toMatchObject({
      apiVersion: PROTOCOL.apiVersion,
      speechLocales: ['ENGLISH_US'],
      noteLocale: 'ENGLISH_US',
      dictationLocale: 'ENGLISH_US',
      journalRetentionHours: 24,
      logLevel: 'info',
      allowUserServiceUrlChange: true,
      allowEnvironmentOverrides: false,
      dictationMode: 'hybrid',
      dictationToggleKey: 'F9',
      dictationHoldKey: 'Control+Super',
      dictationCancelKey: 'Shift+F9',
      dictationInsertMode: 'paste',
      dictationAppRules: [],
      dictationHistoryHours: 0,
    });
    expect(Object.values(sources).every((s) => s.layer === 'default')).toBe(true);
    expect(locked).toEqual([]);
  });

  it('flags > env > policy > settings > default, key by key', () => {
    const result = ok(
      resolveConfig({
        flags: { noteLocale: 'FRENCH_FR' },
        env: { SCRIBE_NOTE_LOCALE: 'ENGLISH_UK', SCRIBE_LOG_LEVEL: 'debug' },
        policy: {
          values: { noteLocale: 'ENGLISH_US', logLevel: 'warn', microphone: 'Policy Mic' },
          origin: POLICY,
        },
        settings: {
          values: {
            noteLocale: 'ENGLISH_UK',
            logLevel: 'error',
            microphone: 'My Mic',
            dictationLocale: 'SPANISH_MX',
          },
        },
      }),
    );
    expect(result.config).toMatchObject({
      noteLocale: 'FRENCH_FR',
      logLevel: 'debug',
      microphone: 'Policy Mic',
      dictationLocale: 'SPANISH_MX',
      journalRetentionHours: 24,
    });
    expect(result.sources.noteLocale).toEqual({
      layer: 'flags',
      label: 'command-line flag --note-locale',
      origin: '--note-locale',
    });
    expect(result.sources.logLevel).toEqual({
      layer: 'env',
      label: 'environment SCRIBE_LOG_LEVEL',
      origin: 'SCRIBE_LOG_LEVEL',
    });
    expect(result.sources.microphone).toEqual({
      layer: 'policy',
      label: `managed policy ${POLICY}`,
      origin: POLICY,
    });
    expect(result.sources.dictationLocale.layer).toBe('settings');
    expect(result.sources.journalRetentionHours.layer).toBe('default');
    expect(result.locked.sort()).toEqual(['logLevel', 'microphone', 'noteLocale']);
  });

  it('reads the fixed CLI environment names', () => {
    const { config } = ok(
      resolveConfig({
        env: {
          SCRIBE_SERVICE_URL: 'https://eu.api.example.com/',
          SCRIBE_API_VERSION: '2026-07-01',
          SCRIBE_CLIENT_ID: 'client-1',
          SCRIBE_PRIVATE_KEY_FILE: '/keys/org.pem',
          SCRIBE_KEY_ID: 'kid-1',
          SCRIBE_USER_EXTERNAL_ID: 'dr-42',
          SCRIBE_SPEECH_LOCALES: 'ENGLISH_US, SPANISH_MX',
          SCRIBE_JOURNAL_RETENTION_HOURS: '48',
        },
      }),
    );
    expect(config).toMatchObject({
      serviceUrl: 'https://eu.api.example.com',
      apiVersion: '2026-07-01',
      clientId: 'client-1',
      privateKeyFile: '/keys/org.pem',
      keyId: 'kid-1',
      userExternalId: 'dr-42',
      speechLocales: ['ENGLISH_US', 'SPANISH_MX'],
      journalRetentionHours: 48,
    });
  });

  it('treats an empty environment variable as unset', () => {
    const result = ok(
      resolveConfig({ env: { SCRIBE_MICROPHONE: '  ' }, settings: { values: { microphone: 'USB' } } }),
    );
    expect(result.config.microphone).toBe('USB');
  });

  it('ignores a user serviceUrl when the policy forbids changing it, and locks the key', () => {
    const result = ok(
      resolveConfig({
        policy: { values: { allowUserServiceUrlChange: false }, origin: POLICY },
        settings: { values: { serviceUrl: 'https://us.api.example.com' } },
      }),
    );
    expect(result.config.serviceUrl).toBeUndefined();
    expect(result.config.allowUserServiceUrlChange).toBe(false);
    expect(result.locked).toContain('serviceUrl');
    expect(result.ignored.map((p) => p.message)).toEqual([
      'serviceUrl from user settings: not applied: the managed policy does not allow changing the service address',
    ]);
  });

  it('applies a user serviceUrl when allowed, and a policy serviceUrl over it', () => {
    const settings = { values: { serviceUrl: 'https://us.api.example.com' } };
    expect(ok(resolveConfig({ settings })).config.serviceUrl).toBe('https://us.api.example.com');
    const policy = { values: { serviceUrl: 'https://eu.api.example.com' }, origin: POLICY };
    expect(ok(resolveConfig({ settings, policy })).config.serviceUrl).toBe('https://eu.api.example.com');
  });

  it('accepts registry-style values: 0/1 booleans and lists', () => {
    const result = ok(
      resolveConfig({ policy: { values: { allowUserServiceUrlChange: 0, speechLocales: ['FRENCH_FR'] } } }),
    );
    expect(result.config.allowUserServiceUrlChange).toBe(false);
    expect(result.config.speechLocales).toEqual(['FRENCH_FR']);
  });
});

describe('resolveConfig errors name the key and the source', () => {
  it.each([
    [
      { env: { SCRIBE_SERVICE_URL: 'https://api.example.com' } },
      'serviceUrl from environment SCRIBE_SERVICE_URL: not a service address: url_no_region',
    ],
    [
      { flags: { serviceUrl: 'http://us.api.example.com' } },
      'serviceUrl from command-line flag --service-url: not a service address: url_plain_http',
    ],
    [
      { env: { SCRIBE_API_VERSION: 'latest' } },
      `apiVersion from environment SCRIBE_API_VERSION: must be a date such as ${PROTOCOL.apiVersion}`,
    ],
    [
      { env: { SCRIBE_SPEECH_LOCALES: 'HAITIAN_HT,ENGLISH_US' } },
      'speechLocales from environment SCRIBE_SPEECH_LOCALES: limit_exceeded: solo_speech_locale',
    ],
    [
      { policy: { values: { speechLocales: ['ENGLISH_US', 'KLINGON'] }, origin: POLICY } },
      `speechLocales from managed policy ${POLICY}: must be one or two speech locales such as ENGLISH_US or ENGLISH_US,SPANISH_MX (item 2 is not one)`,
    ],
    [
      { settings: { values: { speechLocales: ['ENGLISH_US', 'FRENCH_FR', 'GERMAN_DE'] } } },
      'speechLocales from user settings: limit_exceeded: too_many_speech_locales',
    ],
    [
      { env: { SCRIBE_SPEECH_LOCALES: 'ENGLISH_US,ENGLISH_US' } },
      'speechLocales from environment SCRIBE_SPEECH_LOCALES: limit_exceeded: duplicate_speech_locale',
    ],
    [
      { env: { SCRIBE_NOTE_LOCALE: 'SPANISH_ES' } },
      'noteLocale from environment SCRIBE_NOTE_LOCALE: must be one of ENGLISH_US, ENGLISH_UK, FRENCH_FR',
    ],
    [
      { flags: { dictationLocale: 'GERMAN_DE' } },
      'dictationLocale from command-line flag --dictation-locale: must be one of ENGLISH_US, ENGLISH_UK, SPANISH_ES, SPANISH_MX, FRENCH_FR',
    ],
    [
      { env: { SCRIBE_JOURNAL_RETENTION_HOURS: '1.5' } },
      'journalRetentionHours from environment SCRIBE_JOURNAL_RETENTION_HOURS: must be a whole number of hours from 1 to 168',
    ],
    [
      { policy: { values: { journalRetentionHours: 500 }, origin: POLICY } },
      `journalRetentionHours from managed policy ${POLICY}: must be a whole number of hours from 1 to 168`,
    ],
    [
      { env: { SCRIBE_LOG_LEVEL: 'verbose' } },
      'logLevel from environment SCRIBE_LOG_LEVEL: must be one of error, warn, info, debug',
    ],
    [
      { env: { SCRIBE_USER_EXTERNAL_ID: 'x'.repeat(257) } },
      'userExternalId from environment SCRIBE_USER_EXTERNAL_ID: must be 1-256 characters',
    ],
    [
      { policy: { values: { clientId: '' }, origin: POLICY } },
      `clientId from managed policy ${POLICY}: must be 1-256 characters`,
    ],
    [
      { policy: { values: { microphone: 42 }, origin: POLICY } },
      `microphone from managed policy ${POLICY}: must be a device name`,
    ],
    [
      { policy: { values: { allowUserServiceUrlChange: 'sometimes' }, origin: POLICY } },
      `allowUserServiceUrlChange from managed policy ${POLICY}: must be true or false`,
    ],
    [
      { settings: { values: { allowUserServiceUrlChange: true } } },
      'allowUserServiceUrlChange from user settings: can only be set by the managed policy',
    ],
    [
      { flags: { allowUserServiceUrlChange: true } },
      'allowUserServiceUrlChange from command-line flag --allow-user-service-url-change: can only be set by the managed policy',
    ],
    [
      { settings: { values: { apiVersion: '2026-07-01' } } },
      'apiVersion from user settings: can only be set by a command-line flag, the environment or the managed policy',
    ],
    [
      { policy: { values: { serviceURL: 'https://eu.x.com' }, origin: POLICY } },
      `serviceURL from managed policy ${POLICY}: is not a known setting`,
    ],
    [{ flags: { transcript: 'x' } }, 'transcript from command-line flag transcript: is not a known setting'],
  ] as [ConfigInputs, string][])('%j', (inputs, expected) => {
    expect(messages(inputs)).toEqual([expected]);
  });

  it('lists every bad key, also in layers that lose, and never quotes the value', () => {
    const secretish = 'https://api.example.com/CANARY';
    const errors = messages({
      env: { SCRIBE_SERVICE_URL: secretish, SCRIBE_LOG_LEVEL: 'loud' },
      policy: { values: { noteLocale: 'KLINGON' }, origin: POLICY },
      settings: { values: { noteLocale: 'FRENCH_FR', logLevel: 'quiet' } },
    });
    expect(errors).toHaveLength(4);
    expect(errors.map((m) => m.split(':')[0])).toEqual([
      'serviceUrl from environment SCRIBE_SERVICE_URL',
      'logLevel from environment SCRIBE_LOG_LEVEL',
      `noteLocale from managed policy ${POLICY}`,
      'logLevel from user settings',
    ]);
    expect(errors.join('\n')).not.toContain('CANARY');
    expect(formatConfigErrors(resolveConfigErrors())).toContain('  - ');
  });
});

function resolveConfigErrors() {
  const result = resolveConfig({ env: { SCRIBE_LOG_LEVEL: 'loud' } });
  return result.ok ? [] : result.errors;
}

describe('key table', () => {
  it('names each environment variable SCRIBE_<KEY>', () => {
    for (const key of CONFIG_KEYS) {
      const env = KEY_INFO[key].env;
      if (env) expect(env).toBe(`SCRIBE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`);
    }
    expect(flagName('privateKeyFile')).toBe('--private-key-file');
  });
});

describe('logLevel', () => {
  it('writes a message at or above the configured level', () => {
    expect(logs('warn', 'error')).toBe(true);
    expect(logs('warn', 'warn')).toBe(true);
    expect(logs('warn', 'info')).toBe(false);
    expect(logs('error', 'warn')).toBe(false);
    expect(logs('debug', 'debug')).toBe(true);
  });
});
