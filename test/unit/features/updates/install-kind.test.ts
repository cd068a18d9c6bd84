import { describe, expect, it } from 'vitest';
import { detectInstallKind, type InstallFacts } from '../../../../main/features/updates/install-kind.ts';

const facts = (patch: Partial<InstallFacts>, files: Record<string, string> = {}): InstallFacts => ({
  platform: 'win32',
  isPackaged: true,
  productName: 'Scribe Desktop',
  appId: 'com.scribedesktop.app',
  execPath: 'C:\\Program Files\\Scribe Desktop\\Scribe Desktop.exe',
  resourcesPath: '/opt/Scribe Desktop/resources',
  env: {},
  exists: (path) => path in files,
  readText: (path) => files[path] ?? null,
  ...patch,
});

describe('detectInstallKind', () => {
  it('tells NSIS (uninstaller beside the exe) from MSI', () => {
    const nsis = { 'C:\\Program Files\\Scribe Desktop\\Uninstall Scribe Desktop.exe': '' };
    expect(detectInstallKind(facts({}, nsis))).toBe('nsis');
    expect(detectInstallKind(facts({}))).toBe('msi');
  });

  it('tells PKG (receipt for the bundle id) from DMG', () => {
    const receipt = { '/var/db/receipts/com.scribedesktop.app.pkg.plist': '' };
    expect(detectInstallKind(facts({ platform: 'darwin' }, receipt))).toBe('pkg');
    expect(detectInstallKind(facts({ platform: 'darwin' }))).toBe('dmg');
  });

  it('tells AppImage and deb on Linux, and a development run anywhere', () => {
    expect(
      detectInstallKind(facts({ platform: 'linux', env: { APPIMAGE: '/home/a/Scribe.AppImage' } })),
    ).toBe('appimage');
    const deb = { '/opt/Scribe Desktop/resources/package-type': 'deb\n' };
    expect(detectInstallKind(facts({ platform: 'linux' }, deb))).toBe('deb');
    expect(detectInstallKind(facts({ isPackaged: false }))).toBe('unpackaged');
  });
});
