/**
 * .ci/verify-package.ts is what the release workflows run on what they built; here it runs on a
 * stand-in: a file carrying Electron's fuse sentinel and wire (flipped by @electron/fuses exactly as
 * electron-builder flips the real binary), a real asar made by @electron/asar, and the integrity records
 * electron-builder writes (Info.plist ElectronAsarIntegrity, the .exe's INTEGRITY JSON). Each check is
 * shown to fail on a wrong fuse, a changed archive and a packed native module.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPackageWithOptions } from '@electron/asar';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';
import plist from 'plist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asarHeaderHash,
  checkAsarIntegrity,
  checkFuses,
  expectedFuses,
  packedNativeModules,
  verifyPackage,
} from '../../../.ci/verify-package.ts';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
let root: string;

/** A stand-in for the Electron binary: filler, the sentinel, wire version 1, 8 fuses all ENABLE ('1'). */
async function fakeElectron(path: string, trailer = ''): Promise<string> {
  const wire = Buffer.from([1, 8, ...Buffer.from('11111111')]);
  await writeFile(
    path,
    Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(SENTINEL), wire, Buffer.from(trailer)]),
  );
  return path;
}

/** Flips the fuses as electron-builder does from electron-builder.yml. */
async function flipAsConfigured(binary: string): Promise<void> {
  const config = Object.fromEntries(expectedFuses());
  await flipFuses(binary, { version: FuseVersion.V1, ...config });
}

async function makeAsar(name: string, files: Record<string, string>, unpack?: string): Promise<string> {
  const src = join(root, `${name}-src`);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(join(src, file, '..'), { recursive: true });
    await writeFile(join(src, file), text);
  }
  const dest = join(root, `${name}.asar`);
  await createPackageWithOptions(src, dest, unpack ? { unpack } : {});
  return dest;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'verify-package-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('fuses', () => {
  it('reads back exactly what electron-builder.yml asks for', async () => {
    const binary = await fakeElectron(join(root, 'electron-ok'));
    await flipAsConfigured(binary);
    expect(await checkFuses(binary, expectedFuses())).toEqual([]);
  });

  it('names a fuse left in the wrong state', async () => {
    const binary = await fakeElectron(join(root, 'electron-bad'));
    await flipAsConfigured(binary);
    await flipFuses(binary, { version: FuseVersion.V1, [FuseV1Options.RunAsNode]: true });
    expect(await checkFuses(binary, expectedFuses())).toEqual(['fuse RunAsNode is ENABLE, expected DISABLE']);
  });
});

describe('asar', () => {
  it('finds a native module packed inside the archive, and none when unpacked', async () => {
    const files = { 'index.js': 'x', 'node_modules/addon/build/addon.node': 'bin' };
    expect(packedNativeModules(await makeAsar('unpacked', files, '*.node'))).toEqual([]);
    expect(packedNativeModules(await makeAsar('packed', files))).toHaveLength(1);
  });

  it('matches the integrity recorded in Info.plist and in the .exe, and not after a change', async () => {
    const asar = await makeAsar('app', { 'index.js': 'console.log(1)' });
    const other = await makeAsar('other', { 'index.js': 'console.log(2)', 'extra.js': '' });
    const hash = asarHeaderHash(asar);
    const info = join(root, 'Info.plist');
    await writeFile(
      info,
      plist.build({ ElectronAsarIntegrity: { 'Resources/app.asar': { algorithm: 'SHA256', hash } } }),
    );
    expect(checkAsarIntegrity('mac', asar, info)).toEqual([]);
    expect(checkAsarIntegrity('mac', other, info)[0]).toMatch(/header hashes to/);
    const exe = join(root, 'app.exe');
    await writeFile(exe, `MZ...[{"file":"resources\\\\app.asar","alg":"SHA256","value":"${hash}"}]...`);
    expect(checkAsarIntegrity('win', asar, exe)).toEqual([]);
    expect(checkAsarIntegrity('win', other, exe)).toHaveLength(1);
  });
});

describe('verifyPackage on an unpacked Windows app', () => {
  it('passes a well-built one and lists every problem of a bad one', async () => {
    const dir = join(root, 'win-unpacked');
    await mkdir(join(dir, 'resources'), { recursive: true });
    const asar = await makeAsar('win-app', { 'index.js': 'x', 'native/keyring.node': 'bin' }, '*.node');
    await writeFile(
      join(dir, 'resources', 'app.asar'),
      await import('node:fs/promises').then((f) => f.readFile(asar)),
    );
    const hash = asarHeaderHash(join(dir, 'resources', 'app.asar'));
    const exe = await fakeElectron(join(dir, 'Scribe Desktop.exe'), `[{"alg":"SHA256","value":"${hash}"}]`);
    await flipAsConfigured(exe);
    expect(await verifyPackage(dir)).toEqual([]);

    await flipFuses(exe, { version: FuseVersion.V1, [FuseV1Options.OnlyLoadAppFromAsar]: false });
    const packed = await makeAsar('win-packed', { 'index.js': 'y', 'native/keyring.node': 'bin' });
    await writeFile(
      join(dir, 'resources', 'app.asar'),
      await import('node:fs/promises').then((f) => f.readFile(packed)),
    );
    const problems = await verifyPackage(dir);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/OnlyLoadAppFromAsar[\s\S]*INTEGRITY[\s\S]*native module/);
  });
});
