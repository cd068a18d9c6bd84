/**
 * The Electron side of updates, kept thin: electron-updater's updater, what this copy knows of how it was
 * installed, and Electron's notifications. The updates feature (main/features/updates/auto-updates.ts)
 * decides everything, tested under Node (test/unit/features/updates, test/integration/features/updates);
 * this file is type-checked only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { app, Notification } from 'electron';
import { autoUpdater } from 'electron-updater';
import type { UpdateLanguage, UpdatesPlatform } from '../../features/updates/updates-feature.ts';

const APP_ID = 'com.scribedesktop.app';

/** The updates platform of the Electron app; `language`: the window's, for the notifications. */
export function electronUpdates(language: UpdateLanguage): UpdatesPlatform {
  return {
    updater: autoUpdater,
    install: {
      platform: process.platform,
      isPackaged: app.isPackaged,
      productName: app.getName(),
      appId: APP_ID,
      execPath: process.execPath,
      resourcesPath: process.resourcesPath,
      env: process.env,
      exists: existsSync,
      readText: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
    },
    language,
    notify: (notification) => new Notification(notification).show(),
  };
}
