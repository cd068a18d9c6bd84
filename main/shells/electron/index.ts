/**
 * Composition root of the Electron app: resolves the configuration, builds the services and hands them to
 * the shell. No logic of its own; everything it wires lives (and is tested under Node) elsewhere, in
 * main/compose/composition-root.ts.
 *
 * Paths are relative to the bundle (dist/main/index.cjs, built by build.config.mjs), hence __dirname.
 */
import path from 'node:path';
import { app } from 'electron';
import { startLiveConfig } from '../../core/config/start-live-config.ts';
import type { LogLevel } from '../../core/config/config-schema.ts';
import { logs } from '../../core/config/log-level.ts';
import { defaultJournalDir, managedJournalDir } from '../../core/config/paths.ts';
import { configProblemsBlock } from '../../compose/config-problem-words.ts';
import { KeychainSecretStore } from '../../../native/keychain-secret-store.ts';
import { buildAppServices, type AppServices, type Features } from '../../compose/composition-root.ts';
import { electronClipboard } from './electron-clipboard.ts';
import { electronMicrophoneAccess } from './microphone-access.ts';
import { openInSystemBrowser } from './system-browser.ts';
import { openElectronSettingsStore } from './electron-settings-store.ts';
import { electronBuildKind } from './build-kind.ts';
import { consoleShellLog, runShell, StartupProblem, type ShellOptions } from './shell.ts';
import { electronDictationPlatform } from './dictation-platform.ts';
import { openDesktop } from '../../../native/open-desktop.ts';
import { electronUpdates } from './auto-updater.ts';
import { chooseLocale, LOCALES } from '../../../preload/words/index.ts';
import { closeBeforeExit } from './quit-guard.ts';

// The policy's (or the person's) logLevel, once the configuration is read; live, as IT may change it.
let logLevel = (): LogLevel => 'info';

runShell({
  rendererDir: path.join(__dirname, '..', 'renderer'),
  preloadPath: path.join(__dirname, '..', 'preload', 'index.cjs'),
  log: { warn: (code, fields) => void (logs(logLevel(), 'warn') && consoleShellLog.warn(code, fields)) },
  buildServices: async (emit) => {
    const settings = openElectronSettingsStore();
    const { resolved: config, live, settingsRecovery } = await startConfig(settings);
    // The Settings screen says when the settings file was reset at start.
    const resolved = settingsRecovery ? { ...config, settingsRecovery } : config;
    logLevel = () => live.current().config.logLevel;
    const secrets = new KeychainSecretStore();
    const preloadPath = path.join(__dirname, '..', 'preload', 'index.cjs');
    // No desktop layer (no X display, missing library): dictation copies instead of typing, and says so.
    const desktop = await openDesktop(process.platform).catch(() => null);
    const services = await buildAppServices({
      resolved,
      live,
      settings,
      secrets,
      dataDir: app.getPath('userData'),
      journalDir: resolved.config.journalDir
        ? managedJournalDir(resolved.config.journalDir)
        : defaultJournalDir(),
      clipboard: electronClipboard(),
      microphoneAccess: electronMicrophoneAccess(process.platform),
      openBrowser: openInSystemBrowser,
      emit,
      platform: process.platform,
      dictation: electronDictationPlatform({
        preloadPath,
        desktop,
        platform: process.platform,
        onError: (error) => consoleShellLog.warn('dictation_failed', { error: error.name }),
      }),
      // Updates as the policy allows; an installer refused is reported, and the audit trail hears it.
      updates: (features) => electronUpdates(windowLanguage(features)),
    });
    closeAtQuit(async () => {
      await Promise.all([live.close(), services.close()]);
      await desktop?.close();
    });
    return shellServices(services, emit);
  },
});

/**
 * Quitting waits (a few seconds at most) for `close`: the services (a running dictation finished, copied
 * text cleared), then the desktop, which gives its spare keycodes back once their last key was read.
 */
function closeAtQuit(close: () => Promise<void>): void {
  const onWillQuit = closeBeforeExit({
    close,
    quit: () => app.quit(),
    onDidFail: (code) => consoleShellLog.warn(code),
  });
  app.on('will-quit', onWillQuit);
}

/** The configuration at start (the installed app's rules), or a StartupProblem naming what is wrong. */
async function startConfig(settings: ReturnType<typeof openElectronSettingsStore>) {
  // The installed app: SCRIBE_* only when the policy allows them, and never SCRIBE_POLICY_FILE.
  const started = await startLiveConfig({ settings, packaged: electronBuildKind().packaged });
  // A bad managed value names its key and source (never a value that could be a secret).
  if (!started.ok) throw new StartupProblem(configProblemsBlock(started.errors));
  // A corrupt or outdated settings file was kept as a backup and reset (the Settings screen says so).
  if (started.settingsRecovery)
    consoleShellLog.warn('settings_reset', {
      backup: started.settingsRecovery.backup,
      problems: started.settingsRecovery.problems.join('; '),
    });
  return started;
}

/** The window's language for notifications: the setting or IT's policy, else the system's (as the window chooses). */
function windowLanguage(features: Features) {
  return async () => ({
    setting: features.policy.applyToSettings(await features.settings.get()).displayLanguage ?? null,
    system: app.getPreferredSystemLanguages(),
  });
}

/** What the shell needs of the services: handlers, the visit's lifecycle, the tray's commands. */
function shellServices(services: AppServices, emit: Parameters<ShellOptions['buildServices']>[0]) {
  return {
    handlers: services.handlers,
    visit: {
      isActive: () => services.app.visit.active,
      finish: () => services.endVisit('quit'),
    },
    startVisitFromTray: () => emit('app:command', { command: 'start-visit' }),
    words: async () => {
      const { setting, system } = await windowLanguage(services.app)();
      return LOCALES[chooseLocale(setting, system)].shell;
    },
    endVisitFromTray: () => services.endVisit('tray'),
    onWindowHidden: () => void services.app.visit.disarm().catch(() => undefined),
    toggleDictationFromTray: async () => void (await services.app.dictation?.toggle()),
    undoDictationFromTray: async () => void (await services.app.dictation?.undo()),
  };
}
