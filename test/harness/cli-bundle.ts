/**
 * A vitest global setup: builds the `scribe` CLI once per run, as the app ships it (dist/cli/scribe.cjs from
 * build.config.mjs, `BUILD_ONLY=cli`), and hands its path to the tests (`cliBundle()`). A child that runs
 * the bundle starts in about a second; under tsx it took three to four (tsx's loader and the compile of
 * every source file, each time). `npm run scribe` (tsx) keeps its own tests: scribe-run.ts's `viaNpm`.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    scribeCli: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Inside the repository, so the bundle finds the native packages (node_modules) as it does when shipped.
  const cache = join(process.cwd(), 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const out = await mkdtemp(join(cache, 'scribe-cli-'));
  await promisify(execFile)(process.execPath, ['build.config.mjs'], {
    env: { ...process.env, BUILD_OUT_DIR: out, BUILD_ONLY: 'cli' },
  });
  project.provide('scribeCli', join(out, 'cli', 'scribe.cjs'));
  return () => rm(out, { recursive: true, force: true });
}

/** The CLI bundle this run built (in a test file or a module it imports). */
export function cliBundle(): string {
  const path = inject('scribeCli');
  if (!path) throw new Error('the CLI bundle is built by test/harness/cli-bundle.ts: add it to globalSetup');
  return path;
}
