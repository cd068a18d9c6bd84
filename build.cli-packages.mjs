// The `scribe` CLI as a self-contained folder per OS (run by `npm run build` after build.config.mjs):
//   dist/cli/scribe-<target>/  scribe.cjs (the bundle), scribe and scribe.cmd (launchers: Node.js 22 or later on
//                              PATH), node_modules/ (the target's binaries of exactly the native packages the
//                              bundle loads)
//   dist/cli/scribe-<target>.tar.gz (linux, darwin) or .zip (win32, when a `zip` program is on PATH)
// for the targets linux-x64, win32-x64, darwin-arm64 and darwin-x64. The native packages the bundle loads are
// read from the bundle itself, so a new one cannot be left out silently. Binaries that are not inside the npm
// package this machine installed (koffi's and the keyring's per-platform packages) are fetched with `npm pack`
// from the npm registry at the installed version, as the Windows lane does (test/windows/lane/prepare.sh), and
// kept in a cache outside the repository (this machine's own platform's come from node_modules) ($SCRIBE_PACKAGE_CACHE, by default ~/.cache/scribe-cli-packages).
// Usage: node build.cli-packages.mjs [--no-archive] [target…]; BUILD_OUT_DIR as for build.config.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const OUT = process.env.BUILD_OUT_DIR ?? 'dist';
const CACHE =
  process.env.SCRIBE_PACKAGE_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'scribe-cli-packages');

/** Each target's names for the per-platform binaries: the keyring's package, koffi's package, pvrecorder's lib/ folder. */
const TARGETS = {
  'linux-x64': { keyring: 'linux-x64-gnu', koffi: 'linux-x64', pvrecorder: 'linux/x86_64' },
  'win32-x64': { keyring: 'win32-x64-msvc', koffi: 'win32-x64', pvrecorder: 'windows/amd64' },
  'darwin-arm64': { keyring: 'darwin-arm64', koffi: 'darwin-arm64', pvrecorder: 'mac/arm64' },
  'darwin-x64': { keyring: 'darwin-x64', koffi: 'darwin-x64', pvrecorder: 'mac/x86_64' },
};

/** How each native package the CLI may load is laid out for a target (its JavaScript from node_modules). */
const NATIVE = {
  '@napi-rs/keyring': (dest, t) => {
    copyPackage('@napi-rs/keyring', dest);
    fetchInto(`@napi-rs/keyring-${t.keyring}`, version('@napi-rs/keyring'), dest);
  },
  koffi: (dest, t) => {
    copyPackage('koffi', dest, (path) => !/^koffi\/(build|doc|vendor)(\/|$)/.test(path));
    fetchInto(`@koromix/koffi-${t.koffi}`, version('koffi'), dest);
  },
  '@picovoice/pvrecorder-node': (dest, t) =>
    copyPackage('@picovoice/pvrecorder-node', dest, (path) => {
      const m = /^@picovoice\/pvrecorder-node\/(lib|test|src)\/(.*)$/.exec(path);
      if (!m) return true;
      return m[1] === 'lib' && (t.pvrecorder.startsWith(m[2]) || m[2].startsWith(t.pvrecorder));
    }),
};

/** The native packages the bundle loads by name (native/native-module.ts's loadNative, or a plain require). */
function nativesOf(bundle) {
  const text = readFileSync(bundle, 'utf8');
  const named = new Set(
    [...text.matchAll(/\b(?:require|loadNative|resolveNative)\d*(?:\.resolve)?\("([^"]+)"\)/g)].map(
      (m) => m[1],
    ),
  );
  const external = ['@napi-rs/keyring', '@picovoice/pvrecorder-node', 'uiohook-napi', 'koffi', 'node-hid'];
  const needed = external.filter((name) => named.has(name));
  const unknown = needed.filter((name) => !(name in NATIVE));
  if (unknown.length > 0) throw new Error(`build.cli-packages.mjs: no layout for ${unknown.join(', ')}`);
  return needed;
}

const version = (name) => JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version;

function copyPackage(name, dest, keep = () => true) {
  cpSync(`node_modules/${name}`, join(dest, name), {
    recursive: true,
    dereference: true,
    filter: (src) => keep(src.slice('node_modules/'.length)),
  });
}

/**
 * The package name@version into dest/name: from node_modules when npm installed that one here (this machine's
 * own platform), else `npm pack` into the cache once and from there.
 */
function fetchInto(name, ver, dest) {
  if (existsSync(`node_modules/${name}/package.json`) && version(name) === ver)
    return copyPackage(name, dest);
  const dir = join(CACHE, `${name.replace('/', '+')}@${ver}`);
  if (!existsSync(join(dir, 'package', 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const tgz = execFileSync('npm', ['pack', '--silent', `${name}@${ver}`], { cwd: dir, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['xzf', tgz], { cwd: dir });
    rmSync(join(dir, tgz));
    process.stderr.write(`cli packages: fetched ${name}@${ver}\n`);
  }
  cpSync(join(dir, 'package'), join(dest, name), { recursive: true });
}

const SH = `#!/bin/sh
# The scribe CLI. Needs Node.js 22 or later on PATH; runs scribe.cjs beside this file (with node_modules/).
command -v node >/dev/null 2>&1 || { echo "scribe: needs Node.js 22 or later on PATH (https://nodejs.org)." >&2; exit 127; }
exec node "$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)/scribe.cjs" "$@"
`;
const CMD = `@echo off\r
rem The scribe CLI. Needs Node.js 22 or later on PATH; runs scribe.cjs beside this file (with node_modules\\).\r
setlocal\r
node "%~dp0scribe.cjs" %*\r
set SCRIBE_EXIT=%ERRORLEVEL%\r
rem 9009: cmd found no node.\r
if "%SCRIBE_EXIT%"=="9009" echo scribe: needs Node.js 22 or later on PATH ^(https://nodejs.org^). 1>&2\r
exit /b %SCRIBE_EXIT%\r
`;

function archive(folder, target) {
  const cwd = join(OUT, 'cli');
  if (!target.startsWith('win32')) {
    execFileSync('tar', ['czf', `${folder}.tar.gz`, folder], { cwd });
    return `${folder}.tar.gz`;
  }
  if (spawnSync('zip', ['-v'], { stdio: 'ignore' }).status !== 0)
    return 'no archive (no `zip` program on PATH)';
  rmSync(join(cwd, `${folder}.zip`), { force: true });
  execFileSync('zip', ['-qr', `${folder}.zip`, folder], { cwd });
  return `${folder}.zip`;
}

const args = process.argv.slice(2);
const noArchive = args.includes('--no-archive');
const targets = args.filter((a) => a !== '--no-archive');
for (const t of targets)
  if (!(t in TARGETS)) throw new Error(`unknown target ${t}; one of ${Object.keys(TARGETS)}`);
const bundle = join(OUT, 'cli', 'scribe.cjs');
const natives = nativesOf(bundle);
for (const target of targets.length > 0 ? targets : Object.keys(TARGETS)) {
  const folder = `scribe-${target}`;
  const dest = join(OUT, 'cli', folder);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(join(dest, 'node_modules'), { recursive: true });
  cpSync(bundle, join(dest, 'scribe.cjs'));
  writeFileSync(join(dest, 'scribe'), SH);
  chmodSync(join(dest, 'scribe'), 0o755);
  writeFileSync(join(dest, 'scribe.cmd'), CMD);
  for (const name of natives) NATIVE[name](join(dest, 'node_modules'), TARGETS[target]);
  const made = noArchive ? 'no archive (--no-archive)' : archive(folder, target);
  process.stderr.write(
    `cli packages: ${dest} (${readdirSync(join(dest, 'node_modules')).join(', ')}), ${made}\n`,
  );
}
