/**
 * The IT deployment samples (main/shells/electron/packaging/) must say what the app actually reads: every key is a
 * configuration key a policy may set, every sample value passes the app's own validation, the Windows
 * template writes to the registry key main/core/config/policy.ts reads, and the ADMX/ADML pair is complete.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import plist from 'plist';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, KEY_INFO, type ConfigKey } from '../../../main/core/config/config-schema.ts';
import { parseJsonPolicy, POLICY_REGISTRY_KEY } from '../../../main/core/config/policy.ts';
import { checkValue } from '../../../main/core/config/resolve-config.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const dir = path.join(repo, 'main/shells/electron/packaging');
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
const appId = (yaml.load(readFileSync(path.join(repo, 'electron-builder.yml'), 'utf8')) as { appId: string })
  .appId;

function expectPolicyKey(key: string): asserts key is ConfigKey {
  expect(CONFIG_KEYS, key).toContain(key);
  expect(KEY_INFO[key as ConfigKey].deniedLayers ?? [], key).not.toContain('policy');
}

function expectValid(key: string, value: unknown): void {
  expectPolicyKey(key);
  expect(checkValue(key, value), `${key}=${JSON.stringify(value)}`).toMatchObject({ ok: true });
}

const policyJson = parseJsonPolicy(read('policy.json'), 'policy.json');

describe('Linux/macOS/Windows policy.json sample', () => {
  it('is a policy the app accepts, key by key', () => {
    expect(policyJson.ok).toBe(true);
    if (!policyJson.ok || !policyJson.policy) throw new Error('no policy');
    for (const [key, value] of Object.entries(policyJson.policy.values)) expectValid(key, value);
    expect(policyJson.policy.values.allowUserServiceUrlChange).toBe(false);
  });
});

describe('the samples copied as they are', () => {
  it('speak one language: the app in the language the notes, speech and dictation are in', () => {
    const policy = JSON.parse(read('policy.json')) as Record<string, unknown>;
    const language = (locale: unknown) => String(locale).split('_')[0]!.slice(0, 2).toLowerCase();
    const locales = [policy.noteLocale, policy.dictationLocale, ...(policy.speechLocales as string[])];
    for (const locale of locales) expect(language(locale), String(locale)).toBe(policy.displayLanguage);
  });
});

describe('macOS .mobileconfig sample', () => {
  const profile = plist.parse(read('scribe-desktop.sample.mobileconfig')) as {
    PayloadType: string;
    PayloadContent: Array<Record<string, unknown>>;
  };

  it('manages the app bundle id with valid settings, the same ones as policy.json', () => {
    expect(profile.PayloadType).toBe('Configuration');
    const payload = profile.PayloadContent.find((p) => p.PayloadType === appId);
    expect(payload, `a payload for ${appId}`).toBeDefined();
    const settings = Object.fromEntries(
      Object.entries(payload!).filter(([key]) => !key.startsWith('Payload')),
    );
    for (const [key, value] of Object.entries(settings)) expectValid(key, value);
    if (policyJson.ok) expect(settings).toEqual(policyJson.policy?.values);
  });
});

describe('Windows ADMX/ADML template', () => {
  const admx = read('ScribeDesktop.admx');
  const adml = read('en-US/ScribeDesktop.adml');
  const attrs = (text: string, name: string) =>
    [...text.matchAll(new RegExp(`\\b${name}="([^"]*)"`, 'g'))].map((m) => m[1]!);

  it('writes to the registry key the app reads, under HKLM or HKCU', () => {
    const keys = new Set(attrs(admx, 'key'));
    expect([...keys]).toEqual([POLICY_REGISTRY_KEY.replace(/^HKLM\\/, '')]);
    expect(new Set(attrs(admx, 'class'))).toEqual(new Set(['Both']));
  });

  it('only sets configuration keys a policy may set', () => {
    const valueNames = attrs(admx, 'valueName');
    expect(valueNames.length).toBeGreaterThan(5);
    for (const name of valueNames) expectPolicyKey(name);
    expect(valueNames).toContain('serviceUrl');
    expect(valueNames).toContain('allowUserServiceUrlChange');
  });

  it('offers only values the app accepts', () => {
    let checked = 0;
    for (const m of admx.matchAll(/<enum id="[^"]+" valueName="([^"]+)"[^>]*>([\s\S]*?)<\/enum>/g)) {
      const values = [...m[2]!.matchAll(/<string>([^<]+)<\/string>/g)].map((v) => v[1]!);
      expect(values.length, m[1]).toBeGreaterThan(0);
      for (const value of values) expectValid(m[1]!, value);
      checked += 1;
    }
    for (const m of admx.matchAll(
      /<decimal id="[^"]+" valueName="([^"]+)"[^>]*minValue="(\d+)" maxValue="(\d+)"/g,
    )) {
      const [key, min, max] = [m[1]!, Number(m[2]), Number(m[3])];
      expectValid(key, min);
      expectValid(key, max);
      expect(checkValue(key as ConfigKey, min - 1).ok).toBe(false);
      expect(checkValue(key as ConfigKey, max + 1).ok).toBe(false);
      checked += 1;
    }
    // At least signInMethod, noteLocale, dictationLocale, logLevel and journalRetentionHours (blocks add more).
    expect(checked).toBeGreaterThanOrEqual(5);
    // A boolean policy writes DWORD 1/0, which the app reads as true/false.
    expectValid('allowUserServiceUrlChange', 0);
    expect(checkValue('allowUserServiceUrlChange', 0)).toEqual({ ok: true, value: false });
  });

  it('has every string and presentation it references in the ADML', () => {
    const strings = new Set(attrs(adml, 'id'));
    const referenced = [...admx.matchAll(/\$\((string|presentation)\.([^)]+)\)/g)].map((m) => m[2]!);
    expect(referenced.length).toBeGreaterThan(10);
    for (const id of referenced) expect(strings, id).toContain(id);
    const elementIds = new Set([...admx.matchAll(/<(?:text|enum|decimal) id="([^"]+)"/g)].map((m) => m[1]!));
    for (const refId of attrs(adml, 'refId')) expect(elementIds, refId).toContain(refId);
  });
});

describe('electron-builder pkg', () => {
  it('asks the app (by bundle id) to close before an MDM upgrade', () => {
    const config = yaml.load(readFileSync(path.join(repo, 'electron-builder.yml'), 'utf8')) as {
      pkg: { mustClose: string[] };
    };
    expect(config.pkg.mustClose).toContain(appId);
  });
});

describe('macOS PPPC sample (Accessibility for dictation)', () => {
  const profile = plist.parse(read('scribe-desktop.pppc.sample.mobileconfig')) as {
    PayloadType: string;
    PayloadContent: Array<{ PayloadType: string; Services: Record<string, Array<Record<string, string>>> }>;
  };

  it('allows Accessibility for the app bundle id, signed by the Developer ID team, and nothing else', () => {
    expect(profile.PayloadType).toBe('Configuration');
    const [tcc] = profile.PayloadContent;
    expect(tcc!.PayloadType).toBe('com.apple.TCC.configuration-profile-policy');
    expect(Object.keys(tcc!.Services)).toEqual(['Accessibility']);
    const [entry] = tcc!.Services.Accessibility!;
    expect(entry).toMatchObject({ Identifier: appId, IdentifierType: 'bundleID', Authorization: 'Allow' });
    expect(entry!.CodeRequirement).toContain(`identifier "${appId}" and anchor apple generic`);
    expect(entry!.CodeRequirement).toMatch(/certificate leaf\[subject\.OU\] = TEAMID_PLACEHOLDER$/);
  });

  it('does not pretend to pre-approve the microphone (macOS lets MDM only deny it)', () => {
    const services = profile.PayloadContent.flatMap((p) => Object.keys(p.Services ?? {}));
    expect(services).not.toContain('Microphone');
  });
});
