/**
 * The browser preview under plain Node: the same configuration, keychain, journals and composition root
 * as the Electron app (main/shells/electron/index.ts), the renderer in an app-mode Chromium window through the browser
 * shell. There is no keychain-less fallback and nothing listens beyond 127.0.0.1. The end-to-end tests
 * start the app through startPreviewApp too, with their own stand-ins for the machine's parts.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ProcessLock } from '../../base/files/process-lock.ts';
import { startLiveConfig } from '../../core/config/start-live-config.ts';
import { openNodeSettingsStore } from '../../core/config/node-settings-store.ts';
import { defaultJournalDir, journalDir, managedJournalDir } from '../../core/config/paths.ts';
import type { SettingsRecovery } from '../../core/config/settings-recovery.ts';
import type { ConfigProblem } from '../../core/config/resolve-config.ts';
import { configProblemsBlock } from '../../compose/config-problem-words.ts';
import { buildAppServices, type AppServices, type AppServicesDeps } from '../../compose/composition-root.ts';
import type { EventName, EventPayload } from '../../../preload/contract/index.ts';
import { KeychainSecretStore } from '../../../native/keychain-secret-store.ts';
import { findChromium, noDisplay, openAppWindow, systemLanguages, type AppWindow } from './chromium.ts';
import { startBrowserShell, type BrowserShell } from './shell.ts';
import { systemClipboard } from './system-clipboard.ts';
import { openInSystemBrowser } from './system-browser.ts';
import { previewDictationPlatform } from './preview-dictation.ts';
import {
  alreadyOpenLine,
  focusRunningPreview,
  PREVIEW_LOCK,
  previewDataDir,
  raiseOnRequest,
} from './first-preview.ts';

/** The machine's parts the preview runs on; the tests give stand-ins (a fixture microphone, a memory keychain). */
type PreviewParts = Pick<AppServicesDeps, 'secrets' | 'clipboard' | 'platform'> &
  Partial<Pick<AppServicesDeps, 'audio' | 'openBrowser' | 'dictation'>>;

export interface PreviewAppOptions {
  /** The environment the configuration reads (SCRIBE_*, SCRIBE_POLICY_FILE, SCRIBE_DATA_DIR). */
  readonly env: NodeJS.ProcessEnv;
  readonly parts: PreviewParts;
  /** The journal folder instead of the policy's or the data folder's. */
  readonly journalDir?: string;
  /** Sees every event on its way to the page (tests: when a visit starts). */
  readonly onEvent?: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
}

/** A running preview app: the browser shell over the production composition root. */
export interface PreviewApp {
  readonly shell: BrowserShell;
  readonly services: AppServices;
  readonly dataDir: string;
  /** The settings file was repaired at start (the Settings screen says so too). */
  readonly settingsRecovery: SettingsRecovery | undefined;
  /** Stops watching the configuration, then the services and the shell. */
  close(): Promise<void>;
}

/** Reads the configuration and starts the browser shell over buildAppServices; the problems when the configuration is bad. */
export async function startPreviewApp(
  options: PreviewAppOptions,
): Promise<{ ok: true; app: PreviewApp } | { ok: false; errors: ConfigProblem[] }> {
  const { env } = options;
  const dataDir = previewDataDir(env);
  const settings = openNodeSettingsStore(dataDir);
  // A development tool, never the installed app: the environment and SCRIBE_POLICY_FILE apply.
  const started = await startLiveConfig({ settings, env });
  if (!started.ok) return started;
  const { live, settingsRecovery } = started;
  const resolved = settingsRecovery ? { ...started.resolved, settingsRecovery } : started.resolved;
  let services: AppServices | undefined;
  const shell = await startBrowserShell({
    buildServices: async (emit) => {
      services = await buildAppServices({
        ...options.parts,
        resolved,
        live,
        settings,
        dataDir,
        journalDir: options.journalDir ?? previewJournalDir(resolved.config.journalDir, dataDir, env),
        emit: (event, payload) => {
          options.onEvent?.(event, payload);
          emit(event, payload);
        },
      });
      return services;
    },
  });
  const close = async () => {
    live.close();
    await shell.close();
  };
  return { ok: true, app: { shell, services: services!, dataDir, settingsRecovery, close } };
}

/**
 * Runs the preview until its window is closed (or the process is interrupted); returns the exit code.
 * `why` (why not Electron) opens the one line it prints once the preview is up.
 */
export async function runBrowserPreview(why: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const display = noDisplay(env);
  if (display) {
    console.error(`${why}, and the browser preview cannot open either: ${display}.`);
    return 1;
  }
  const chromium = findChromium(env);
  if (!chromium) {
    console.error(
      `${why}, and no Chromium or Chrome was found for the browser preview; set CHROMIUM_PATH to one.`,
    );
    return 1;
  }
  // One preview per data folder (two would share its settings and journals): a second brings the first up.
  const dataDir = previewDataDir(env);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = await ProcessLock.acquire(join(dataDir, PREVIEW_LOCK));
  if (!lock) {
    await focusRunningPreview(dataDir);
    console.log(alreadyOpenLine(dataDir));
    return 0;
  }
  try {
    return await runPreviewWindow(why, env, chromium);
  } finally {
    await lock.release();
  }
}

/** Starts the app and its window; the exit code once the window has closed. */
async function runPreviewWindow(why: string, env: NodeJS.ProcessEnv, chromium: string): Promise<number> {
  const started = await startPreviewApp({
    env,
    parts: {
      secrets: new KeychainSecretStore(),
      clipboard: systemClipboard(),
      platform: process.platform,
      // "Sign in with your organization" through the person's default browser, as the app does.
      openBrowser: (url) => openInSystemBrowser(url),
      // The dictation box only: no hotkey and no typing into other applications here.
      dictation: previewDictationPlatform(),
    },
  });
  if (!started.ok) {
    console.error(configProblemsBlock(started.errors));
    return 1;
  }
  const { shell, settingsRecovery } = started.app;
  if (settingsRecovery) console.error(`Settings reset: ${settingsRecovery.problems.join('; ')}`);
  console.log(
    `${why}; opening the browser preview on ${shell.origin} (loopback only) in Chromium instead — not the clinician's app; dictation into its own box only. Close its window to stop.`,
  );
  const window = await openAppWindow(chromium, shell.url, systemLanguages(env));
  const stopRaising = raiseOnRequest(window.process.pid);
  const code = await untilClosed(window);
  stopRaising();
  await started.app.close();
  return code;
}

/** The policy's folder, else the data folder's when SCRIBE_DATA_DIR is set, else the platform default. */
function previewJournalDir(managed: string | undefined, dataDir: string, env: NodeJS.ProcessEnv): string {
  if (managed) return managedJournalDir(managed);
  return env.SCRIBE_DATA_DIR?.trim() ? journalDir(dataDir) : defaultJournalDir();
}

/**
 * The exit code once the window has closed and its profile is removed: 0, 1 when the browser failed to
 * start, 130 on Ctrl-C and 143 on SIGTERM (the window is closed first).
 */
async function untilClosed(window: AppWindow): Promise<number> {
  let signalled: number | null = null;
  const onSignal = (signal: NodeJS.Signals): void => {
    signalled = signal === 'SIGINT' ? 130 : 143;
    window.close();
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const code = await window.closed;
  process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  return signalled ?? (code === null ? 1 : 0);
}
