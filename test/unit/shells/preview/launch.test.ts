/** What `npm start` decides: Electron only when its binary is really there; the preview window's flags. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appWindowArgs,
  findChromium,
  noDisplay,
  profilePreferences,
  systemLanguages,
} from '../../../../main/shells/preview/chromium.ts';
import { electronBinary } from '../../../../main/shells/preview/electron-binary.ts';

/** A fake node_modules/electron folder; `binary` writes the file path.txt names. */
function electronPackage(pathTxt: string | null, binary: boolean): (id: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'scribe-electron-'));
  writeFileSync(join(dir, 'package.json'), '{}');
  if (pathTxt !== null) writeFileSync(join(dir, 'path.txt'), pathTxt);
  if (binary) {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'electron'), '');
  }
  return () => join(dir, 'package.json');
}

describe('npm start', () => {
  it('runs Electron only when the binary its package names exists', () => {
    expect(electronBinary(electronPackage('electron', true))).toMatch(/dist[/\\]electron$/);
    expect(electronBinary(electronPackage('electron', false))).toBeNull(); // download failed
    expect(electronBinary(electronPackage(null, false))).toBeNull(); // never downloaded
    expect(
      electronBinary(() => {
        throw new Error('not installed');
      }),
    ).toBeNull();
  });

  it('opens one app-mode window on its own profile, unsandboxed only as root', () => {
    const args = appWindowArgs('http://127.0.0.1:1/index.html#bridge=x', '/tmp/p', false);
    expect(args).toContain('--app=http://127.0.0.1:1/index.html#bridge=x');
    expect(args).toContain('--user-data-dir=/tmp/p');
    expect(args).not.toContain('--no-sandbox');
    expect(appWindowArgs('u', '/tmp/p', true)).toContain('--no-sandbox');
    // The window fits the screen (issue 31: 1280×900 ran off a 900-px screen).
    expect(args).toContain('--start-maximized');
    expect(args).toContain('--window-size=1200,700');
  });

  it('takes CHROMIUM_PATH first, else a browser in the usual places, else none', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/c' }, 'linux')).toBe('/opt/c');
    expect(findChromium({}, 'aix')).toBeNull();
  });
});

describe("the preview window's language (issue 31 item 16)", () => {
  it('is the system locale on Linux, as a BCP 47 tag, LANGUAGE first; none for C or elsewhere', () => {
    expect(systemLanguages({ LANG: 'fr_FR.UTF-8' }, 'linux')).toEqual(['fr-FR']);
    expect(systemLanguages({ LANG: 'en_GB.UTF-8', LC_ALL: 'es_ES.UTF-8@euro' }, 'linux')).toEqual(['es-ES']);
    expect(systemLanguages({ LANG: 'fr_CA.UTF-8', LANGUAGE: 'fr_CA:fr' }, 'linux')).toEqual(['fr-CA', 'fr']);
    expect(systemLanguages({ LANG: 'C.UTF-8', LANGUAGE: 'fr' }, 'linux')).toEqual([]);
    expect(systemLanguages({ LANG: 'POSIX' }, 'linux')).toEqual([]);
    expect(systemLanguages({ LANG: 'fr_FR.UTF-8' }, 'darwin')).toEqual([]);
  });

  it('is given to Chromium (--lang) and to the page through the new profile (accept-languages)', () => {
    expect(appWindowArgs('u', '/tmp/p', false, ['es-ES'])).toContain('--lang=es-ES');
    expect(appWindowArgs('u', '/tmp/p', false).some((a) => a.startsWith('--lang'))).toBe(false);
    expect(JSON.parse(profilePreferences(['fr-CA', 'fr'])!)).toEqual({
      intl: { accept_languages: 'fr-CA,fr' },
    });
    expect(profilePreferences([])).toBeNull();
  });
});

describe('the preview without a display', () => {
  it('says there is none on Linux (so npm start fails instead of exiting 0), and nothing elsewhere', () => {
    expect(noDisplay({}, 'linux')).toMatch(/no display here .*DISPLAY .*WAYLAND_DISPLAY.*xvfb-run/);
    expect(noDisplay({ DISPLAY: ':0' }, 'linux')).toBeNull();
    expect(noDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeNull();
    expect(noDisplay({}, 'darwin')).toBeNull();
    expect(noDisplay({}, 'win32')).toBeNull();
  });
});
