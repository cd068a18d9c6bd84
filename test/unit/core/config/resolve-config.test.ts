import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../../../main/core/api/protocol.ts';
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
