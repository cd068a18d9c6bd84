import { describe, expect, it } from 'vitest';
import type { LockedSetting } from '../../../preload/contract/index.ts';
import { lockedValueText } from '../../../renderer/lib/state/policy-words.ts';

const lock = (key: string, value: string | null) => ({ key, value, title: key, reason: '' }) as LockedSetting;

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
});
