/** Builds the renderer once per test run (vite build with the project's vite.config.ts). */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

const CONFIG = fileURLToPath(new URL('../../../vite.config.ts', import.meta.url));

/** Runs `vite build` quietly; throws when the build fails. */
export async function buildRenderer(): Promise<void> {
  await build({ configFile: CONFIG, logLevel: 'error' });
}
