/**
 * A benchmark's child process as a bundle (esbuild, as the app ships: no transpiler in the measured
 * process). Written under node_modules/.cache so the native packages it leaves external (koffi, uiohook,
 * node-hid, the keyring, the recorder) resolve from the repository's node_modules.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/** Bundles `entry` into a new folder; the bundle's path and the folder (the caller removes it). */
export async function bundleForBench(entry: string, name: string): Promise<{ file: string; dir: string }> {
  const parent = resolve('node_modules/.cache/scribe-bench');
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(join(parent, 'run-'));
  const file = join(dir, name);
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
    external: [
      'koffi',
      'uiohook-napi',
      'node-hid',
      '@napi-rs/keyring',
      '@picovoice/pvrecorder-node',
      '*.node',
    ],
    banner: {
      js: "import { createRequire as benchRequire } from 'node:module'; const require = benchRequire(import.meta.url);",
    },
  });
  return { file, dir };
}
