/**
 * Checks a packaged app the way CI must before anything ships (the release workflows run it after
 * electron-builder, on each OS):
 * - the fuses read back from the Electron binary are exactly electron-builder.yml's `electronFuses`;
 * - the asar integrity recorded in the app (macOS Info.plist ElectronAsarIntegrity, Windows' INTEGRITY
 *   resource in the .exe) is the SHA-256 of app.asar's header as it is on disk (Electron refuses to start
 *   otherwise: this catches it before a clinician does); Linux has no asar integrity in Electron;
 * - every native module (.node) is unpacked from the asar, where it can be loaded.
 *
 * Usage: npx tsx .ci/verify-package.ts <win-unpacked dir | Foo.app | linux-unpacked dir>
 * Exit 0 when every check passes; otherwise 1 with one line per problem.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getRawHeader, listPackage, statFile, uncache } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import yaml from 'js-yaml';
import plist from 'plist';

const REPO = resolve(import.meta.dirname, '..');

/** A fuse's byte on the wire ('0', '1', 'r'), as @electron/fuses reads it (its FuseState is not exported). */
const STATE_NAMES: Record<number, string> = { 48: 'DISABLE', 49: 'ENABLE', 114: 'REMOVED' };
const ENABLE = 49;
const DISABLE = 48;

/** electron-builder.yml's fuse names, as @electron/fuses numbers them. */
const FUSE_NAMES: Record<string, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
};

/** The fuses electron-builder.yml asks for. */
export function expectedFuses(builderYml = join(REPO, 'electron-builder.yml')): Map<FuseV1Options, boolean> {
  const config = yaml.load(readFileSync(builderYml, 'utf8')) as { electronFuses?: Record<string, boolean> };
  const expected = new Map<FuseV1Options, boolean>();
  for (const [name, value] of Object.entries(config.electronFuses ?? {})) {
    const option = FUSE_NAMES[name];
    if (option === undefined) throw new Error(`electron-builder.yml: unknown fuse ${name}`);
    expected.set(option, value);
  }
  return expected;
}

/** Problems with the fuses of the Electron binary (or .app) at `binary`. */
export async function checkFuses(binary: string, expected: Map<FuseV1Options, boolean>): Promise<string[]> {
  const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, number>;
  const problems: string[] = [];
  for (const [option, want] of expected) {
    const actual = wire[option];
    const wanted = want ? ENABLE : DISABLE;
    if (actual !== wanted)
      problems.push(
        `fuse ${FuseV1Options[option]} is ${STATE_NAMES[actual ?? -1] ?? 'missing'}, expected ${STATE_NAMES[wanted]}`,
      );
  }
  return problems;
}

/** The SHA-256 (hex) of an asar archive's header, as Electron checks it. */
export function asarHeaderHash(asar: string): string {
  uncache(asar); // @electron/asar caches headers by path; the file may have been rebuilt
  return createHash('sha256').update(getRawHeader(asar).headerString).digest('hex');
}

/** Native modules packed inside the asar (they must be unpacked to load). */
export function packedNativeModules(asar: string): string[] {
  uncache(asar);
  return listPackage(asar, { isPack: false })
    .filter((file) => file.endsWith('.node'))
    .filter((file) => !(statFile(asar, file.replace(/^[/\\]/, '')) as { unpacked?: boolean }).unpacked);
}

/** Problems with the recorded asar integrity: `recorded` is the Info.plist (macOS) or the .exe (Windows). */
export function checkAsarIntegrity(kind: 'mac' | 'win', asar: string, recorded: string): string[] {
  const hash = asarHeaderHash(asar);
  if (kind === 'mac') {
    const info = plist.parse(readFileSync(recorded, 'utf8')) as {
      ElectronAsarIntegrity?: Record<string, { algorithm: string; hash: string }>;
    };
    const entry = info.ElectronAsarIntegrity?.['Resources/app.asar'];
    if (!entry) return ['Info.plist has no ElectronAsarIntegrity for Resources/app.asar'];
    return entry.algorithm === 'SHA256' && entry.hash === hash
      ? []
      : [`Info.plist records asar hash ${entry.hash}, the archive's header hashes to ${hash}`];
  }
  // electron-builder adds an INTEGRITY/ELECTRONASAR resource: JSON [{file, alg: "SHA256", value}] in UTF-8.
  const exe = readFileSync(recorded);
  return exe.includes(`"value":"${hash}"`)
    ? []
    : [`${recorded} holds no INTEGRITY record of app.asar's header hash ${hash}`];
}

/** Where the pieces of a packaged app are, per OS. */
function layout(target: string) {
  if (target.endsWith('.app')) {
    const resources = join(target, 'Contents', 'Resources');
    return {
      kind: 'mac' as const,
      binary: target,
      asar: join(resources, 'app.asar'),
      recorded: join(target, 'Contents', 'Info.plist'),
    };
  }
  const exe = readdirSync(target).find((f) => f.endsWith('.exe') && !f.startsWith('Uninstall'));
  if (exe) {
    const binary = join(target, exe);
    return { kind: 'win' as const, binary, asar: join(target, 'resources', 'app.asar'), recorded: binary };
  }
  const linux = readdirSync(target).find((f) => f === 'scribe-desktop' || f === 'Scribe Desktop');
  if (!linux) throw new Error(`${target}: no Electron binary found`);
  return {
    kind: 'linux' as const,
    binary: join(target, linux),
    asar: join(target, 'resources', 'app.asar'),
    recorded: '',
  };
}

/** All checks for one unpacked app; the problems found. */
export async function verifyPackage(target: string): Promise<string[]> {
  const parts = layout(target);
  if (!existsSync(parts.asar)) return [`${parts.asar} is missing (asar: true in electron-builder.yml)`];
  const problems = await checkFuses(parts.binary, expectedFuses());
  if (parts.kind !== 'linux') problems.push(...checkAsarIntegrity(parts.kind, parts.asar, parts.recorded));
  for (const file of packedNativeModules(parts.asar))
    problems.push(`native module ${file} is inside the asar`);
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write('usage: tsx .ci/verify-package.ts <unpacked app dir | .app>\n');
    process.exit(2);
  }
  const problems = await verifyPackage(resolve(target));
  for (const problem of problems) process.stderr.write(`verify-package: ${problem}\n`);
  if (problems.length === 0)
    process.stdout.write(`verify-package: ${target}: fuses, asar integrity and native modules OK\n`);
  process.exit(problems.length === 0 ? 0 : 1);
}
