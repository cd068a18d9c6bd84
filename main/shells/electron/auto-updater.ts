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
import { isToldRefusal, updateNotification, type UpdateEvent } from '../../features/updates/update-notice.ts';
import type { DisplayLanguage } from '../../../preload/contract/index.ts';

const APP_ID = 'com.scribedesktop.app';
const CHECK_EVERY_MS = 4 * 3_600_000;
const TICK_MS = 5 * 60_000;

/** The window's language as the notifications need it: the setting or policy, else the system's. */
export type UpdateLanguage = () => Promise<{ setting: DisplayLanguage | null; system: readonly string[] }>;

/**
 * Starts checking for updates as the policy allows; returns the controller, or null when updates are off.
 * `onRefused`: a downloaded installer whose own version is not the announced one (for the audit trail).
 * The clinician is told, in the window's language, when an update is ready (notify mode) and when one was
 * refused (its reason's own sentence: update-notice.ts).
 */
export function startAutoUpdates(
  config: Config,
  busy: BusySignals,
  onRefused: (verdict: EmbeddedVersionVerdict) => void,
  language: UpdateLanguage,
): UpdateController | null {
  const install = installKind();
  const mode = effectiveMode({ configured: config.updateMode, install, feedUrl: config.updateFeedUrl });
  const window = parseMaintenanceWindow(config.updateMaintenanceWindow);
  if (mode === 'off' || !config.updateFeedUrl || !window) return null;
  const { tell, refused } = notifier(language);
  configureUpdater(autoUpdater, { url: config.updateFeedUrl, channel: config.updateChannel }, (verdict) => {
    onRefused(verdict);
    refused(verdict.refusal, verdict.announced);
  });
  // electron-updater logs URLs and versions only; its errors reach the controller as codes.
  autoUpdater.logger = null;
  let ready = false;
  const controller = new UpdateController({
    policy: { mode, window, checkEveryMs: CHECK_EVERY_MS },
    updater: updaterPort(autoUpdater),
    busy,
    onDidChange: (status) => {
      if (isToldRefusal(status.lastError)) refused(status.lastError, status.version);
      if (mode !== 'notify' || status.phase !== 'downloaded' || ready) return;
      ready = true;
      tell({ kind: 'ready', version: status.version });
    },
  });
  const tick = () => void controller.tick().catch(() => undefined);
  setTimeout(tick, 30_000).unref();
  setInterval(tick, TICK_MS).unref();
  return controller;
}

/** How this copy was installed (per-user, per-machine, MSI, a package…). */
function installKind() {
  return detectInstallKind({
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
}

/** Shows update notifications; each version's refusal once (ours comes before the updater's own error). */
function notifier(language: UpdateLanguage) {
  const tell = (event: UpdateEvent) =>
    void language()
      .then((lang) => new Notification(updateNotification(event, lang)).show())
      .catch(() => undefined);
  const told = new Set<string>();
  const refused = (reason: string, version: string | null) => {
    if (told.has(`${version}`)) return;
    told.add(`${version}`);
    tell({ kind: 'refused', reason, version });
  };
  return { tell, refused };
}
