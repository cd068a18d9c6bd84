/**
 * The tray: draws the pure tray model (main/shells/electron/tray-model.ts) with Electron's Tray and Menu and routes
 * clicks to a command callback. Holds no state of its own beyond the Tray object.
 */
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import { TRAY_ICON_PNG } from './tray-icons.ts';
import {
  trayModel,
  type TrayCommand,
  type TrayDictation,
  type TrayMenuItem,
  type TrayModel,
  type TrayState,
  type TrayWords,
} from './tray-model.ts';

/** The app's tray. */
export interface AppTray {
  setState(state: TrayState): void;
  /** Dictation started or ended: the menu offers Start or Stop dictation, and Undo while it may. */
  setDictating(dictation: TrayDictation): void;
  dispose(): void;
}

function image(icon: TrayModel['icon']) {
  const img = nativeImage.createFromBuffer(Buffer.from(TRAY_ICON_PNG[icon], 'base64'), { scaleFactor: 2 });
  // The idle ring is monochrome: let macOS recolour it for light and dark menu bars.
  if (process.platform === 'darwin' && icon === 'tray-idle') img.setTemplateImage(true);
  return img;
}

function menuItem(item: TrayMenuItem, onCommand: (command: TrayCommand) => void): MenuItemConstructorOptions {
  switch (item.kind) {
    case 'status':
      return { label: item.label, enabled: false };
    case 'separator':
      return { type: 'separator' };
    case 'command':
      return { label: item.label, enabled: item.enabled, click: () => onCommand(item.command) };
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

/** Creates the tray in the given state. Call after 'ready'. */
export function createAppTray(
  initial: TrayState,
  onCommand: (command: TrayCommand) => void,
  words?: TrayWords,
): AppTray {
  let state = initial;
  let dictating: TrayDictation = { active: false, undoable: false };
  let model = trayModel(initial, dictating, words);
  const tray = new Tray(image(model.icon));
  const draw = (next: TrayModel) => {
    tray.setImage(image(next.icon));
    tray.setToolTip(next.tooltip);
    tray.setContextMenu(Menu.buildFromTemplate(next.items.map((item) => menuItem(item, onCommand))));
    model = next;
  };
  draw(model);
  return {
    setState: (next) => draw(trayModel((state = next), dictating, words)),
    setDictating: (next) => {
      if (next.active === dictating.active && next.undoable === dictating.undoable) return;
      draw(trayModel(state, (dictating = next), words));
    },
    dispose: () => tray.destroy(),
  };
}
