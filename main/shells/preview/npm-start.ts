/**
 * What `npm start` does, in order, written in TypeScript rather than in package.json's shell syntax (npm runs
 * a script through cmd.exe on Windows, where `code=$?; [ … ]` fails): a browser preview already running on
 * this data folder is brought to the front and nothing is built; no display → one line, nothing built; else
 * it builds (the config bundle, then Vite) and starts. start.ts gives it the real steps.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BEFORE_BUILD } from './first-preview.ts';

/** The steps, given by start.ts (and by the test, faked). */
export interface StartSteps {
  /** A BEFORE_BUILD code: focused, build or cannotOpen. */
  beforeBuild(): Promise<number>;
  /** Runs one build step to its end; its exit code. */
  build(args: readonly string[]): Promise<number>;
  /** Starts the app (Electron or the preview); its exit code. */
  start(): Promise<number>;
}

/** The build steps `npm run build` also makes for the app (without the CLI packages): Node's arguments. */
export function buildSteps(): string[][] {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  return [['build.config.mjs'], [vite, 'build']];
}

/** npm start: look for a running preview, build, start; the first step that fails ends it with its code. */
export async function npmStart(steps: StartSteps, build = buildSteps()): Promise<number> {
  const first = await steps.beforeBuild();
  if (first !== BEFORE_BUILD.build) return first;
  for (const args of build) {
    const code = await steps.build(args);
    if (code !== 0) return code;
  }
  return steps.start();
}

/** Runs Node with `args` in the project's folder, its output on ours; its exit code. */
export function runNode(args: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
