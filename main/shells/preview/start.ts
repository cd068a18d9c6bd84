/**
 * `npm start` (npm-start.ts says the order): a running preview brought to the front, else the build, then
 * the Electron app when Electron's binary is installed or can be fetched now (Electron's own install step,
 * bounded in time); otherwise one line saying why, and the browser preview (main/shells/preview/preview.ts)
 * on the same composition root.
 */
import { spawn } from 'node:child_process';
import { electronBinary } from './electron-binary.ts';
import { chooseShell, electronInstallStep } from './electron-fetch.ts';
import { beforeBuild } from './first-preview.ts';
import { npmStart, runNode } from './npm-start.ts';
import { runBrowserPreview } from './preview.ts';

/** How long fetching Electron's binary (about 100 MB) may take before the preview opens instead. */
const FETCH_TIMEOUT_MS = 5 * 60_000;

async function startApp(): Promise<number> {
  const choice = await chooseShell({
    binary: () => electronBinary(),
    install: electronInstallStep,
    env: process.env,
    timeoutMs: FETCH_TIMEOUT_MS,
    onFetching: () => console.log("Fetching Electron's binary (once, about 100 MB)…"),
  });
  if (choice.shell === 'electron') {
    const child = spawn(choice.binary, ['.'], { stdio: 'inherit' });
    return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  }
  return runBrowserPreview(`Electron's binary is not installed here and ${choice.why}`);
}

npmStart({
  beforeBuild: () =>
    beforeBuild(
      process.env,
      (line) => console.log(line),
      (line) => console.error(line),
    ),
  build: runNode,
  start: startApp,
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // One line, never a stack: the message names what failed (codes and paths, no patient data).
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
