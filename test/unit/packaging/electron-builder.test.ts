/**
 * electron-builder.yml cannot be exercised here (installers need downloads and signing identities), so it
 * is validated against app-builder-lib's own JSON schema and checked for the security-relevant settings:
 * fuses, hardened runtime, microphone entitlements in both files, Windows and Linux targets.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import yaml from 'js-yaml';
import plist from 'plist';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

type Config = Record<string, unknown> & {
  mac: Record<string, unknown> & {
    extendInfo: Record<string, string>;
    entitlements: string;
    entitlementsInherit: string;
  };
  win: Record<string, unknown> & { target: Array<{ target: string }> };
  publish: Array<{ provider: string; url: string }>;
  linux: { target: Array<{ target: string }> };
  nsis: Record<string, unknown>;
  msi: Record<string, unknown>;
  electronFuses: Record<string, boolean>;
};

const config = yaml.load(read('electron-builder.yml')) as Config;
const schema = JSON.parse(read('node_modules/app-builder-lib/scheme.json')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

describe('electron-builder.yml', () => {
  it('is valid against app-builder-lib/scheme.json', () => {
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is checked strictly by that schema (a typo or a wrong type is refused)', () => {
    expect(validate({ ...config, electronFuse: {} })).toBe(false);
    expect(validate({ ...config, mac: { ...config.mac, notarize: { teamId: 'X' } } })).toBe(false);
  });

  it('names the app and the product as package.json and the user data folder expect', () => {
    const pkg = JSON.parse(read('package.json')) as { productName: string; main: string };
    expect(config.appId).toMatch(/^[a-z0-9]+(\.[a-z0-9-]+)+$/);
    expect(config.productName).toBe(pkg.productName);
    expect(config.files).toEqual(expect.arrayContaining(['dist/**/*', 'package.json']));
    expect(pkg.main.startsWith('dist/')).toBe(true);
    expect((config.directories as { output: string }).output).not.toBe('dist');
  });

  it('flips the security fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });

  it('packs into an asar and unpacks native modules', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toContain('**/*.node');
  });

  it('signs macOS with the hardened runtime, notarizes, and explains microphone use', () => {
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true });
    expect(config.mac.extendInfo.NSMicrophoneUsageDescription).toMatch(/record/i);
    const targets = (config.mac.target as Array<{ target: string }>).map((t) => t.target);
    expect(targets).toEqual(expect.arrayContaining(['dmg', 'pkg']));
  });

  it.each(['entitlements', 'entitlementsInherit'] as const)(
    'grants audio input in mac.%s and nothing risky',
    (key) => {
      const entitlements = plist.parse(read(config.mac[key])) as Record<string, unknown>;
      expect(entitlements['com.apple.security.device.audio-input']).toBe(true);
      expect(entitlements['com.apple.security.cs.allow-jit']).toBe(true);
      for (const risky of [
        'com.apple.security.cs.disable-library-validation',
        'com.apple.security.cs.allow-dyld-environment-variables',
        'com.apple.security.get-task-allow',
        'com.apple.security.device.camera',
      ]) {
        expect(entitlements[risky], risky).toBeUndefined();
      }
    },
  );

  it('builds a per-machine NSIS installer and an MSI for IT with the upgrade code it always had', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(expect.arrayContaining(['nsis', 'msi']));
    expect(config.nsis).toMatchObject({ perMachine: true });
    expect(config.msi).toMatchObject({ perMachine: true });
    // Changing it would make the next MSI install beside the old one instead of upgrading it.
    expect(config.msi.upgradeCode).toBe('53F94F1B-71BC-4000-98F6-F69CACFD0CB7');
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
  });

  it('holds no signing identity or secret: the build environment supplies them', () => {
    const text = read('electron-builder.yml');
    for (const key of [
      'azureSignOptions',
      'signtoolOptions',
      'certificateFile',
      'certificatePassword',
      'cscLink',
    ])
      expect(text, key).not.toMatch(new RegExp(`^\\s*${key}:`, 'm'));
    expect(config.mac.identity).toBeUndefined();
    expect(text).not.toMatch(/-----BEGIN|password:|secret:/i);
  });

  it('publishes update metadata for a generic feed, installers under names without spaces', () => {
    expect(config.publish).toEqual([expect.objectContaining({ provider: 'generic' })]);
    expect(String(config.artifactName)).not.toMatch(/\s|productName/);
    expect(String(config.nsis.artifactName)).toBe('Scribe-Desktop-Setup-${version}.${ext}');
    const macTargets = (config.mac.target as Array<{ target: string }>).map((t) => t.target);
    // Squirrel.Mac updates a dmg installation from the zip.
    expect(macTargets).toContain('zip');
  });

  it('says why it asks for Accessibility (dictation types into other apps)', () => {
    expect(config.mac.extendInfo.NSAccessibilityUsageDescription).toMatch(/dictat/i);
  });

  it('builds AppImage and deb on Linux', () => {
    expect(config.linux.target.map((t) => t.target)).toEqual(expect.arrayContaining(['AppImage', 'deb']));
  });
});
