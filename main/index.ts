/**
 * Composition root of the Electron app: builds the services and hands them to the shell. No logic of its
 * own; everything it wires lives (and is tested) elsewhere.
 *
 * Paths are relative to the bundle (dist/main/index.cjs, built by build.config.mjs), hence __dirname.
 */
import path from 'node:path';
import { channels } from '../preload/contract/index.ts';
import { openElectronSettingsStore } from './app/electron-settings-store.ts';
import { consoleShellLog, runShell } from './app/shell.ts';
import { unavailableHandlers } from './ipc/unavailable-handlers.ts';

runShell({
  rendererDir: path.join(__dirname, '..', 'renderer'),
  preloadPath: path.join(__dirname, '..', 'preload', 'index.cjs'),
  log: consoleShellLog,
  buildServices: (_emit) => {
    const _settings = openElectronSettingsStore();
    // TODO(lead): resolve the Config (main/config/load-config.ts) from flags > env > policy > _settings.
    // TODO(lead): build the visit service once its ports have adapters (connector over main/api + secrets,
    //   sample kit, audio inputs over main/audio, clipboard over native/, preference store over _settings):
    //     const visitApp = new VisitApp({ connector, sample, audio, clipboard, preferences, emit: _emit,
    //                                     platform: process.platform });
    //   then use handlers: createVisitHandlers(visitApp) (main/visit/handlers.ts) and
    //     visit: { isActive: () => visitApp.recorder.active, finish: async () => void (await visitApp.end()) }.
    // TODO(lead): build the dictation service (hotkey state machine + dictate session) once main/dictation exists.
    return {
      handlers: unavailableHandlers(channels),
      visit: { isActive: () => false, finish: async () => {} },
      // TODO(lead): push a "start visit" request to the renderer (consent first) once the contract has one.
      startVisitFromTray: () => {},
      endVisitFromTray: async () => {},
    };
  },
});
