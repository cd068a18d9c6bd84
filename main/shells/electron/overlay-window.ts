/**
 * The dictation overlay: a small window that never takes focus from the application being dictated into
 * (not focusable, shown inactive, clicks pass through but while it offers "Undo"), on top of everything and on every workspace,
 * including full-screen spaces. It loads the same renderer with `?view=overlay` and gets its state through the
 * `dictation:overlay` event.
 */
import { BrowserWindow, screen } from 'electron';
import { dictationEvents } from '../../../preload/contract/dto-dictation.ts';
import type { OverlayPort, OverlayState } from '../../features/dictation/ports.ts';
import { APP_ENTRY_URL, secureWebPreferences } from '../../core/window/security-policy.ts';
import { overlayBounds } from '../../core/window/overlay-bounds.ts';

/** The overlay as the controller's OverlayPort. */
export function createOverlayWindow(preloadPath: string): OverlayPort & { destroy(): void } {
  let win: BrowserWindow | null = null;
  let last: OverlayState | null = null;

  // Parsed like every event: only what the contract names leaves main.
  const send = (target: BrowserWindow): void => {
    const payload = dictationEvents['dictation:overlay'].safeParse({ state: last });
    if (payload.success) target.webContents.send('dictation:overlay', payload.data);
  };

  return {
    show(state) {
      last = state;
      if (state === null) {
        win?.hide();
        return;
      }
      if (!win || win.isDestroyed()) win = openOverlay(preloadPath, send);
      // Taller with a flag, taller and wider while "what can I say" is open (bounds only: still shown
      // inactive, never focused).
      const area = screen.getPrimaryDisplay().workArea;
      const bounds = overlayBounds(area, Boolean(state.panel), Boolean(state.flagged));
      if (win.getBounds().height !== bounds.height) win.setBounds(bounds);
      // Clicks pass through, except while it offers "Undo" or Keep / Fix of a flag (never focused).
      win.setIgnoreMouseEvents(state.undoable !== true && !state.flagged);
      if (!win.webContents.isLoading()) send(win);
      // showInactive: the application being dictated into keeps focus and its caret.
      if (!win.isVisible()) win.showInactive();
    },
    destroy() {
      if (win && !win.isDestroyed()) win.destroy();
      win = null;
    },
  };
}

/**
 * Creates the overlay window at the bottom centre of the primary display, never focusable, above everything
 * and clicked through, and loads the overlay view. (The options stay written out here so the security scan
 * sees every web preference at the BrowserWindow call.)
 */
function openOverlay(preloadPath: string, onLoaded: (win: BrowserWindow) => void): BrowserWindow {
  const created = new BrowserWindow({
    ...overlayBounds(screen.getPrimaryDisplay().workArea, false),
    show: false,
    frame: false,
    ...FIXED,
    webPreferences: {
      ...secureWebPreferences(preloadPath, { devTools: false }),
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
  // 'screen-saver' stays above full-screen apps (EHR clients, remote desktops) on macOS and Windows.
  created.setAlwaysOnTop(true, 'screen-saver');
  created.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
  created.setIgnoreMouseEvents(true);
  created.webContents.on('did-finish-load', () => onLoaded(created));
  void created.loadURL(`${APP_ENTRY_URL}?view=overlay`);
  return created;
}

/** Neither moved, resized nor focused; on top; out of the taskbar. */
const FIXED = {
  resizable: false,
  movable: false,
  minimizable: false,
  maximizable: false,
  fullscreenable: false,
  focusable: false,
  skipTaskbar: true,
  alwaysOnTop: true,
  hasShadow: true,
  title: 'Dictation',
} as const;
