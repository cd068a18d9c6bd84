/**
 * `npm start`: the Electron app when Electron's binary is installed; otherwise one line saying so, and
 * the browser preview (main/browser-shell/preview.ts) on the same composition root. Run with tsx after
 * `npm run build`.
 */
import { spawn } from 'node:child_process';
import { electronBinary } from './electron-binary.ts';
import { runBrowserPreview } from './preview.ts';

async function main(): Promise<number> {
  const binary = electronBinary();
  if (binary) {
    const child = spawn(binary, ['.'], { stdio: 'inherit' });
    return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  }
  console.log(
    "Electron's binary is not installed here (node_modules/electron/dist is missing); opening the browser preview in Chromium instead — not the clinician's app.",
  );
  return runBrowserPreview();
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // One line, never a stack: the message names what failed (codes and paths, no patient data).
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
