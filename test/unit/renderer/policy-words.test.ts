import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../preload/words/window.ts';
import type { LockedSetting } from '../../../preload/contract/index.ts';
import { resolveConfig } from '../../../main/core/config/resolve-config.ts';
import { SettingsPolicy } from '../../../main/features/settings/settings-policy.ts';
import {
  isUsualLock,
  lockedReasonText,
  lockedTitle,
  lockedValueText,
} from '../../../renderer/lib/state/policy-words.ts';

// The window loads its language before it shows anything; these rules are worded in English.
beforeAll(() => useLocale('en'));

const lock = (key: string, value: string | null): LockedSetting => ({ key, value, source: 'organization' });

/** What the window is told is locked by a policy with these values (main's own view of it). */
function lockedBy(values: Record<string, unknown>): LockedSetting[] {
  const result = resolveConfig({ policy: { values, origin: '/etc/scribe-desktop/policy.json' }, env: {} });
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
  return new SettingsPolicy({ current: () => result, onDidChange: () => () => undefined }).view().locked;
}
const shown = (values: Record<string, unknown>) =>
  Object.fromEntries(lockedBy(values).map((l) => [l.key, lockedValueText(l)]));

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

  it('words every value of the shipped sample policy: no "[object Object]", no raw choice', () => {
    const sample = JSON.parse(readFileSync('main/shells/electron/packaging/policy.json', 'utf8')) as Record<
      string,
      unknown
    >;
    const locked = lockedBy(sample);
    expect(locked.length).toBeGreaterThan(20);
    for (const l of locked) {
      const text = lockedValueText(l);
      expect(text, l.key).not.toContain('[object Object]');
      expect(text, l.key).not.toMatch(/^\[?\{/);
      // A choice from a closed list ("hybrid", "automatic", "fr") is said in words, never as its code.
      if (l.value !== null && /^[a-z][a-z-]*$/.test(l.value) && l.value !== 'true' && l.value !== 'false')
        expect(text, l.key).not.toBe(l.value);
    }
  });

  it('words structured values and choices as the Settings screen names them', () => {
    expect(
      shown({
        dictationAppRules: [
          { app: 'wfica32.exe', insert: 'type' },
          { app: 'mstsc.exe', insert: 'never' },
        ],
        dictationMicButtons: { f1: 'cancel', pedalLeft: 'next-field' },
        dictationMode: 'hybrid',
        dictationInsertMode: 'paste',
        dictationMicRecordMode: 'toggle',
        dictationFieldMarkers: ['asterisks', 'empty-brackets'],
        updateMode: 'automatic',
        updateChannel: 'stable',
        logLevel: 'info',
        displayLanguage: 'fr',
      }),
    ).toMatchObject({
      dictationAppRules: 'wfica32.exe: typing; mstsc.exe: never',
      dictationMicButtons: 'F1: Cancel the dictation; Left pedal: Next field',
      dictationMode: 'Tap to start and stop, hold to talk',
      dictationInsertMode: 'Pasting (fastest)',
      dictationMicRecordMode: 'Press to start, press again to stop',
      dictationFieldMarkers: 'Asterisks ***, Empty brackets [ ]',
      updateMode: 'Download and install automatically',
      updateChannel: 'Stable',
      logLevel: 'Usual (information)',
      displayLanguage: 'Français',
    });
  });

  it('shows a hotkey as the Dictation screen does, in the window\u2019s language, and a 0-hour history in words', async () => {
    expect(shown({ dictationNextFieldKey: 'Control+F9', dictationHistoryHours: 0 })).toMatchObject({
      dictationNextFieldKey: 'Ctrl+F9',
      dictationHistoryHours: 'Only until the app closes',
    });
    expect(shown({ dictationHistoryHours: 24 }).dictationHistoryHours).toBe(
      '24 hours (encrypted on this computer)',
    );
    try {
      await useLocale('fr');
      expect(shown({ dictationCancelKey: 'Shift+F9', dictationHistoryHours: 0 })).toMatchObject({
        dictationCancelKey: 'Maj+F9',
        dictationHistoryHours: 'Seulement jusqu’à la fermeture de l’application',
      });
      await useLocale('es');
      expect(shown({ dictationCancelKey: 'Shift+F9' }).dictationCancelKey).toBe('Mayús+F9');
    } finally {
      await useLocale('en');
    }
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
