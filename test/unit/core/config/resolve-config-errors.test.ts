/**
 * resolveConfig's refusals name the key and where its value came from (never the value), the key table's
 * environment names and flags, and the log level's threshold.
 */
import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../../../main/core/api/protocol.ts';
import { logs } from '../../../../main/core/config/log-level.ts';
import { CONFIG_KEYS, flagName, KEY_INFO } from '../../../../main/core/config/config-schema.ts';
import {
  formatConfigErrors,
  resolveConfig,
  type ConfigInputs,
} from '../../../../main/core/config/resolve-config.ts';

const POLICY = '/etc/scribe-desktop/policy.json';

function messages(inputs: ConfigInputs): string[] {
  const result = resolveConfig(inputs);
  if (result.ok) throw new Error('expected errors');
  return result.errors.map((e) => e.message);
}

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
