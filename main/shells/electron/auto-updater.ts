/**
 * The Electron side of updates, kept thin: finds out how this copy was installed, resolves the mode the
 * policy allows (main/core/config/update-policy.ts), points electron-updater at the organization's feed and
 * ticks the controller. Everything it decides is tested under Node (test/unit/features/updates,
 * test/integration/features/updates); this file is type-checked only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { app, Notification } from 'electron';
import { autoUpdater } from 'electron-updater';
import type { Config } from '../../core/config/config-schema.ts';
import { detectInstallKind } from '../../features/updates/install-kind.ts';
import type { BusySignals } from '../../features/updates/update-controller.ts';
import { UpdateController } from '../../features/updates/update-controller.ts';
import { effectiveMode, parseMaintenanceWindow } from '../../core/config/update-policy.ts';
import { configureUpdater, updaterPort } from '../../features/updates/updater-port.ts';
import type { EmbeddedVersionVerdict } from '../../features/updates/embedded-version.ts';

const APP_ID = 'com.scribedesktop.app';
const CHECK_EVERY_MS = 4 * 3_600_000;
const TICK_MS = 5 * 60_000;

/**
 * Starts checking for updates as the policy allows; returns the controller, or null when updates are off.
 * `onRefused`: a downloaded installer whose own version is not the announced one (for the audit trail).
 */
export function startAutoUpdates(
  config: Config,
  busy: BusySignals,
  onRefused: (verdict: EmbeddedVersionVerdict) => void,
): UpdateController | null {
  const install = detectInstallKind({
    platform: process.platform,
    isPackaged: app.isPackaged,
    productName: app.getName(),
    appId: APP_ID,
    execPath: process.execPath,
    resourcesPath: process.resourcesPath,
    env: process.env,
    exists: existsSync,
    readText: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
  });
  const mode = effectiveMode({ configured: config.updateMode, install, feedUrl: config.updateFeedUrl });
  const window = parseMaintenanceWindow(config.updateMaintenanceWindow);
  if (mode === 'off' || !config.updateFeedUrl || !window) return null;
  configureUpdater(autoUpdater, { url: config.updateFeedUrl, channel: config.updateChannel }, onRefused);
  // electron-updater logs URLs and versions only; its errors reach the controller as codes.
  autoUpdater.logger = null;
  let told = false;
  const controller = new UpdateController({
    policy: { mode, window, checkEveryMs: CHECK_EVERY_MS },
    updater: updaterPort(autoUpdater),
    busy,
    onDidChange: (status) => {
      if (mode !== 'notify' || status.phase !== 'downloaded' || told) return;
      told = true;
      new Notification({
        title: 'Scribe Desktop update ready',
        body: `Version ${status.version ?? ''} installs when you quit Scribe Desktop.`,
      }).show();
    },
  });
  const tick = () => void controller.tick().catch(() => undefined);
  setTimeout(tick, 30_000).unref();
  setInterval(tick, TICK_MS).unref();
  return controller;
}
