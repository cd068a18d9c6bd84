/**
 * The browser preview under plain Node: the same configuration, keychain, journals and composition root
 * as the Electron app (main/index.ts), the renderer in an app-mode Chromium window through the browser
 * shell. There is no keychain-less fallback and nothing listens beyond 127.0.0.1.
 */
import { startLiveConfig } from '../config/start-live-config.ts';
import { openNodeSettingsStore } from '../config/node-settings-store.ts';
import { defaultJournalDir, defaultUserDataDir, journalDir, managedJournalDir } from '../config/paths.ts';
import { formatConfigErrors } from '../config/resolve-config.ts';
import { buildAppServices } from '../composition-root.ts';
import { KeychainSecretStore } from '../secrets/keychain-secret-store.ts';
import { findChromium, openAppWindow } from './chromium.ts';
import { startBrowserShell } from './shell.ts';
import { systemClipboard } from './system-clipboard.ts';

/** Runs the preview until its window is closed (or the process is interrupted); returns the exit code. */
export async function runBrowserPreview(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const chromium = findChromium(env);
  if (!chromium) {
    console.error('No Chromium or Chrome found; set CHROMIUM_PATH to one.');
    return 1;
  }
  const dataDir = env.SCRIBE_DATA_DIR?.trim() || defaultUserDataDir();
  const settings = openNodeSettingsStore(dataDir);
  // A development tool, never the installed app: the environment and SCRIBE_POLICY_FILE apply.
  const started = await startLiveConfig({ settings, env });
  if (!started.ok) {
    console.error(formatConfigErrors(started.errors));
    return 1;
  }
  const { resolved, live } = started;
  if (started.settingsRecovery)
    console.error(`Settings reset: ${started.settingsRecovery.problems.join('; ')}`);
  const { config } = resolved;
  const shell = await startBrowserShell({
    buildServices: (emit) =>
      buildAppServices({
        resolved,
        live,
        settings,
        secrets: new KeychainSecretStore(),
        dataDir,
        journalDir: previewJournalDir(config.journalDir, dataDir, env),
        clipboard: systemClipboard(),
        emit,
        platform: process.platform,
      }),
  });
  console.log(`Browser preview on ${shell.origin} (loopback only). Close its window to stop.`);
  const code = await untilClosed(await openAppWindow(chromium, shell.url));
  live.close();
  await shell.close();
  return code;
}

/** The policy's folder, else the data folder's when SCRIBE_DATA_DIR is set, else the platform default. */
function previewJournalDir(managed: string | undefined, dataDir: string, env: NodeJS.ProcessEnv): string {
  if (managed) return managedJournalDir(managed);
  return env.SCRIBE_DATA_DIR?.trim() ? journalDir(dataDir) : defaultJournalDir();
}

/** The exit code once the window closes: 0, 1 when it failed, 130 on Ctrl-C (the window is closed then). */
function untilClosed(window: Awaited<ReturnType<typeof openAppWindow>>): Promise<number> {
  return new Promise<number>((resolve) => {
    window.once('exit', () => resolve(0));
    window.once('error', () => resolve(1));
    process.once('SIGINT', () => {
      window.kill();
      resolve(130);
    });
  });
}
