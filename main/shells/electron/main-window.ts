/**
 * The main window: the only BrowserWindow, loading app://scribe/index.html with the hardened preferences
 * of security-policy.ts. Closing it hides it (the app lives on in the tray so hotkeys and a running visit
 * keep working); quitting is the tray's or the app menu's job.
 */
import { BrowserWindow } from 'electron';
import { APP_ENTRY_URL, secureWebPreferences } from '../../core/window/security-policy.ts';

export interface MainWindowOptions {
  readonly preloadPath: string;
  readonly devTools: boolean;
  /** True once quitting was allowed: then close really closes. */
  readonly isQuitting: () => boolean;
}

/** Creates and loads the main window; it is shown once the page is ready to avoid a white flash. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const prefs = secureWebPreferences(options.preloadPath, { devTools: options.devTools });
  const win = new BrowserWindow({
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 520,
    show: false,
    title: 'Scribe Desktop',
    // Spelled out (not only spread from prefs) so reviewers and electronegativity see every flag here.
    webPreferences: {
      ...prefs,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      experimentalFeatures: false,
      allowRunningInsecureContent: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  win.once('ready-to-show', () => win.show());
  win.on('close', (event) => {
    if (!options.isQuitting()) {
      event.preventDefault();
      win.hide();
    }
  });
  void win.loadURL(APP_ENTRY_URL);
  return win;
}

/** Brings the window to the front (second instance, tray "Show"). */
export function revealWindow(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
