/**
 * The Electron shell: single-instance lock, app:// protocol, hardened session and webContents, the main
 * window, the tray, the IPC router and the quit guard. Services are built by the composition root
 * (main/shells/electron/index.ts) and handed in; the shell owns only windows and OS integration.
 */
import { app, dialog, ipcMain, session, type BrowserWindow } from 'electron';
import { channels, events, type EventName, type EventPayload } from '../../../preload/contract/index.ts';
import type { ChannelHandlers } from '../../core/ipc/channel-map.ts';
import { createRendererEvents } from '../../core/ipc/event-emitter.ts';
import { createIpcRouter, type IpcFailureReport } from '../../core/ipc/router.ts';
import { registerAppScheme, serveAppProtocol } from './electron-protocol.ts';
import { createMainWindow, revealWindow } from './main-window.ts';
import { createQuitGuard, quitChoiceFromButton, quitDialog, type VisitLifecycle } from './quit-guard.ts';
import { chooseLocale, LOCALES } from '../../../preload/words/index.ts';
import type { ShellWords } from '../../../preload/words/shell-words-type.ts';
import { isTrustedSenderFrame } from '../../core/window/security-policy.ts';
import { hardenSession } from './session-hardening.ts';
import { createAppTray, type AppTray } from './tray.ts';
import { trayStateFromVisit, type TrayCommand } from './tray-model.ts';
import { hardenAllWebContents } from './web-contents-hardening.ts';

/** Pushes an event to the renderer (validated against the contract; dropped while no window exists). */
type EmitToRenderer = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** A start-up failure whose message is meant for the person (e.g. a bad managed setting, named by key and source). */
export class StartupProblem extends Error {
  override readonly name = 'StartupProblem';
}

/** Logging the shell needs: codes, names and ids only. */
export interface ShellLog {
  warn(code: string, fields?: Readonly<Record<string, string | number | boolean | undefined>>): void;
}

/** A ShellLog on the console: one line per event, a code and flat fields. */
export const consoleShellLog: ShellLog = {
  warn: (code, fields) => console.warn(`[shell] ${code}`, fields ? JSON.stringify(fields) : ''),
};

/** What the composition root hands to the shell once the app is ready. */
interface ShellServices {
  readonly handlers: ChannelHandlers<typeof channels>;
  readonly visit: VisitLifecycle;
  /** Tray "Start visit": the consent step lives in the window, so this usually reveals it. */
  readonly startVisitFromTray: () => void;
  /** Tray "End visit". */
  readonly endVisitFromTray: () => Promise<void>;
  /** Tray "Start dictation" / "Stop dictation". */
  readonly toggleDictationFromTray?: () => Promise<void>;
  /** Tray "Undo last dictation". */
  readonly undoDictationFromTray?: () => Promise<void>;
  /** The tray's and the quit question's words, in the window's language (the setting or policy, else the system's). */
  readonly words?: () => Promise<ShellWords>;
  /**
   * The window was hidden or minimized: a microphone opened for the pre-roll closes. The page asks for this
   * too when it sees itself hidden; this is the backstop that does not depend on the renderer.
   */
  readonly onWindowHidden: () => void;
}

export interface ShellOptions {
  /** The built renderer folder (dist/renderer). */
  readonly rendererDir: string;
  /** The bundled preload (dist/preload/index.cjs). */
  readonly preloadPath: string;
  readonly log: ShellLog;
  /** Builds the services; called once, after 'ready', with the event sink they push through. */
  readonly buildServices: (emit: EmitToRenderer) => ShellServices | Promise<ShellServices>;
}

/**
 * Starts the app. Returns false (and quits) when another instance already runs: that one is brought to the
 * front instead, so two instances never record at once.
 */
export function runShell(options: ShellOptions): boolean {
  registerAppScheme();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  hardenAllWebContents(app, (what, scheme) => options.log.warn('blocked', { what, scheme }));
  const state: ShellState = { visit: { isActive: () => false, finish: async () => {} } };
  const guard = quitGuardFor(state, options.log);
  followAppEvents(state, guard);
  const emit = rendererEmitter(state, options.log);
  void app
    .whenReady()
    .then(() => startWindow(state, guard, options, emit))
    .catch((error: unknown) => failStartup(error, options.log));
  return true;
}

/** What the shell holds once started (the window and tray exist after 'ready'). */
interface ShellState {
  window?: BrowserWindow;
  tray?: AppTray;
  visit: VisitLifecycle;
  /** The window's language's words, once the settings are read (English until then). */
  words?: ShellWords;
  /** Reads them again (the quit question asks in the language of the moment). */
  wordsNow?: () => Promise<ShellWords>;
}

type QuitGuard = ReturnType<typeof createQuitGuard>;

/** Quitting while a visit records asks first (with the window in front when there is one). */
function quitGuardFor(state: ShellState, log: ShellLog): QuitGuard {
  return createQuitGuard({
    visit: { isActive: () => state.visit.isActive(), finish: () => state.visit.finish() },
    confirm: async () => {
      if (state.window) revealWindow(state.window);
      // The window's language now (the clinician or IT may have changed it since the start).
      const words = (await state.wordsNow?.().catch(() => undefined)) ?? state.words ?? LOCALES.en.shell;
      const question = quitDialog(words.quitDialog);
      const options = { ...question, buttons: [...question.buttons] };
      const answer = state.window
        ? await dialog.showMessageBox(state.window, options)
        : await dialog.showMessageBox(options);
      return quitChoiceFromButton(answer.response);
    },
    quit: () => app.quit(),
    onDidFail: (code) => log.warn(code),
  });
}

function followAppEvents(state: ShellState, guard: QuitGuard): void {
  app.on('before-quit', (event) => {
    if (guard.onBeforeQuit() === 'prevent') event.preventDefault();
  });
  app.on('second-instance', () => {
    if (state.window) revealWindow(state.window);
  });
  // macOS: clicking the Dock icon brings the hidden window back.
  app.on('activate', () => {
    if (state.window) revealWindow(state.window);
  });
  // The window hides on close and the tray keeps the app alive, so closing windows never quits.
  app.on('window-all-closed', () => {});
}

/** Events to the window (validated against the contract), the tray following visit and dictation state. */
function rendererEmitter(state: ShellState, log: ShellLog): EmitToRenderer {
  const renderer = createRendererEvents({
    events,
    send: (name, payload) => {
      if (state.window && !state.window.isDestroyed()) state.window.webContents.send(name, payload);
    },
    onDidDrop: (name, paths) => log.warn('event_dropped', { event: name, fields: paths.join(',') }),
  });
  return (name, payload) => {
    if (name === 'visit:state')
      state.tray?.setState(trayStateFromVisit(payload as EventPayload<'visit:state'>));
    if (name === 'dictation:state') {
      const dictation = payload as { active?: boolean; undoable?: boolean };
      state.tray?.setDictating({ active: dictation.active === true, undoable: dictation.undoable === true });
    }
    renderer.emit(name, payload);
  };
}

/** After 'ready': the hardened session, the services, the IPC router, the window and the tray. */
async function startWindow(
  state: ShellState,
  guard: QuitGuard,
  options: ShellOptions,
  emit: EmitToRenderer,
): Promise<void> {
  hardenSession(session.defaultSession, (what, name) => options.log.warn('refused', { what, name }));
  serveAppProtocol(options.rendererDir);
  const services = await options.buildServices(emit);
  state.visit = services.visit;
  createIpcRouter({
    ipcMain,
    channels,
    handlers: services.handlers,
    isTrustedSender: isTrustedSenderFrame,
    onDidFail: (report: IpcFailureReport) =>
      options.log.warn('ipc_failed', {
        channel: report.channel,
        reason: report.reason,
        code: report.code,
        error: report.errorName,
      }),
  });
  const window = createMainWindow({
    preloadPath: options.preloadPath,
    devTools: !app.isPackaged,
    isQuitting: () => guard.phase === 'quitting',
  });
  state.window = window;
  // Windows log-off / shut-down: no time for a question; end the visit so its streams close in order.
  window.on('session-end', () => void guard.onSessionEnd());
  window.on('hide', services.onWindowHidden);
  window.on('minimize', services.onWindowHidden);
  if (services.words) state.wordsNow = services.words;
  state.words = await services.words?.().catch(() => undefined);
  state.tray = createAppTray('idle', trayCommands(state, services, options.log), state.words?.tray);
}

function trayCommands(
  state: ShellState,
  services: ShellServices,
  log: ShellLog,
): (command: TrayCommand) => void {
  return (command) => {
    switch (command) {
      case 'start-visit':
        if (state.window) revealWindow(state.window);
        services.startVisitFromTray();
        return;
      case 'stop-visit':
        void services.endVisitFromTray().catch(() => log.warn('tray_end_failed'));
        return;
      case 'toggle-dictation':
        void services.toggleDictationFromTray?.().catch(() => log.warn('tray_dictation_failed'));
        return;
      case 'undo-dictation':
        void services.undoDictationFromTray?.().catch(() => log.warn('tray_undo_failed'));
        return;
      case 'show-window':
        if (state.window) revealWindow(state.window);
        return;
      case 'quit':
        app.quit();
        return;
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  };
}

function failStartup(error: unknown, log: ShellLog): void {
  log.warn('startup_failed', { error: error instanceof Error ? error.name : typeof error });
  // The settings may be what failed: the system's language.
  let system: readonly string[] = [];
  try {
    system = app.getPreferredSystemLanguages();
  } catch {
    // English, rather than no dialog at all.
  }
  const w = LOCALES[chooseLocale(null, system)].shell.startFailed;
  dialog.showErrorBox(
    w.title,
    error instanceof StartupProblem ? `${error.message}\n\n${w.contactIt}` : w.restart,
  );
  app.exit(1);
}
