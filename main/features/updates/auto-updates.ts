/**
 * Updates as the policy allows them, given the shell's updater (electron-updater's, which only the Electron
 * shell can load): resolves the mode (main/core/config/update-policy.ts) from how this copy was installed,
 * points the updater at the organization's feed and ticks the controller. The clinician is told, in the
 * window's language, when an update is ready (notify mode) and when one was refused (update-notice.ts).
 */
import type { AppUpdater } from 'electron-updater';
import type { Config } from '../../core/config/config-schema.ts';
import { effectiveMode, parseMaintenanceWindow } from '../../core/config/update-policy.ts';
import type { DisplayLanguage } from '../../../preload/contract/index.ts';
import type { EmbeddedVersionVerdict } from './embedded-version.ts';
import { detectInstallKind, type InstallFacts } from './install-kind.ts';
import { UpdateController, type BusySignals } from './update-controller.ts';
import {
  isToldRefusal,
  updateNotification,
  type UpdateEvent,
  type UpdateNotification,
} from './update-notice.ts';
import { configureUpdater, updaterPort } from './updater-port.ts';

const CHECK_EVERY_MS = 4 * 3_600_000;
const TICK_MS = 5 * 60_000;

/** The window's language as the notifications need it: the setting or policy, else the system's. */
export type UpdateLanguage = () => Promise<{ setting: DisplayLanguage | null; system: readonly string[] }>;

/** What the shell gives: its updater, what this copy knows of its installation, and how it notifies. */
export interface UpdatesPlatform {
  readonly updater: AppUpdater;
  readonly install: InstallFacts;
  readonly language: UpdateLanguage;
  /** Shows a notification (Electron's Notification). */
  readonly notify: (notification: UpdateNotification) => void;
}

/**
 * Starts checking for updates as the policy allows; returns the controller, or null when updates are off.
 * `onRefused`: a downloaded installer whose own version is not the announced one (the feature reports it).
 */
export function startAutoUpdates(
  config: Config,
  busy: BusySignals,
  platform: UpdatesPlatform,
  onRefused: (verdict: EmbeddedVersionVerdict) => void,
): UpdateController | null {
  const install = detectInstallKind(platform.install);
  const mode = effectiveMode({ configured: config.updateMode, install, feedUrl: config.updateFeedUrl });
  const window = parseMaintenanceWindow(config.updateMaintenanceWindow);
  if (mode === 'off' || !config.updateFeedUrl || !window) return null;
  const { updater } = platform;
  const { tell, refused } = notifier(platform);
  configureUpdater(updater, { url: config.updateFeedUrl, channel: config.updateChannel }, (verdict) => {
    onRefused(verdict);
    refused(verdict.refusal, verdict.announced);
  });
  // electron-updater logs URLs and versions only; its errors reach the controller as codes.
  updater.logger = null;
  let ready = false;
  const controller = new UpdateController({
    policy: { mode, window, checkEveryMs: CHECK_EVERY_MS },
    updater: updaterPort(updater),
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

/** Shows update notifications; each version's refusal once (ours comes before the updater's own error). */
function notifier(platform: UpdatesPlatform) {
  const tell = (event: UpdateEvent) =>
    void platform
      .language()
      .then((lang) => platform.notify(updateNotification(event, lang)))
      .catch(() => undefined);
  const told = new Set<string>();
  const refused = (reason: string, version: string | null) => {
    if (told.has(`${version}`)) return;
    told.add(`${version}`);
    tell({ kind: 'refused', reason, version });
  };
  return { tell, refused };
}
