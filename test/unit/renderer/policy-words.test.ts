import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../preload/words/window.ts';
import type { LockedSetting } from '../../../preload/contract/index.ts';
import {
  isUsualLock,
  lockedReasonText,
  lockedTitle,
  lockedValueText,
} from '../../../renderer/lib/state/policy-words.ts';

// The window loads its language before it shows anything; these rules are worded in English.
beforeAll(() => useLocale('en'));

const lock = (key: string, value: string | null): LockedSetting => ({ key, value, source: 'organization' });

describe('a setting the organization fixes', () => {
  it('shows languages by name, sign-in methods by name, switches as On/Off, the rest as set', () => {
    expect(lockedValueText(lock('speechLocales', 'ENGLISH_US, SPANISH_MX'))).toBe(
      'English (US), Spanish (Mexico)',
    );
    expect(lockedValueText(lock('signInMethod', 'user-refresh-token'))).toBe('Clinician sign-in token');
    expect(lockedValueText(lock('telemetry', 'false'))).toBe('Off');
    expect(lockedValueText(lock('updates', 'true'))).toBe('On');
    expect(lockedValueText(lock('serviceUrl', 'https://eu.api.example.com'))).toBe(
      'https://eu.api.example.com',
    );
    expect(lockedValueText(lock('microphone', null))).toBe('');
  });

  it('names the setting and says who set it, from keys and closed params', () => {
    expect(lockedTitle(lock('serviceUrl', null))).toBe('Service address');
    expect(lockedTitle(lock('aNewerKey', null))).toBe('aNewerKey');
    expect(lockedReasonText(lock('serviceUrl', null))).toBe('Set by your organization');
    expect(isUsualLock(lock('serviceUrl', null))).toBe(true);
    const fromEnv: LockedSetting = {
      key: 'logLevel',
      value: 'debug',
      source: 'environment',
      via: 'SCRIBE_LOG_LEVEL',
    };
    expect(lockedReasonText(fromEnv)).toBe(
      'Set by the environment SCRIBE_LOG_LEVEL the app was started with',
    );
    expect(isUsualLock(fromEnv)).toBe(false);
    expect(lockedReasonText({ key: 'logLevel', value: 'debug', source: 'flags', via: '--log-level' })).toBe(
      'Set by the command-line flag --log-level the app was started with',
    );
  });
});
