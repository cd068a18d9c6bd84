/**
 * electron-updater behind UpdaterPort, without Electron: it takes any AppUpdater (NsisUpdater, MacUpdater,
 * AppImageUpdater), so the same code runs in the app (main/shells/electron/auto-updater.ts) and, with a Node HTTP
 * executor, in tests against a feed on loopback. The updater's own checks stay on: the sha512 of the
 * download against the feed's latest.yml, the Windows Authenticode publisher (NsisUpdater, publisherName
 * from app-update.yml) and Squirrel.Mac's code-signature check on macOS.
 */
import type { AppUpdater } from 'electron-updater';
import type { UpdaterPort } from './update-controller.ts';

/** The organization's feed. */
export interface FeedSetup {
  /** The folder holding latest.yml (stable) or beta.yml, with the installers beside them. */
  readonly url: string;
  readonly channel: 'stable' | 'beta';
}

/** Points the updater at the feed and leaves every decision to the controller. */
export function configureUpdater(updater: AppUpdater, feed: FeedSetup): void {
  updater.setFeedURL({
    provider: 'generic',
    url: feed.url,
    channel: feed.channel === 'beta' ? 'beta' : 'latest',
  });
  // The controller decides when to download and install; never behind its back.
  updater.autoDownload = false;
  // A downloaded update is installed when the person quits (the quit guard ends a visit first).
  updater.autoInstallOnAppQuit = true;
  updater.autoRunAppAfterInstall = true;
  updater.allowPrerelease = false;
  // Set after the channel (electron-updater turns it on with a channel): never go back a version.
  updater.allowDowngrade = false;
  // A web installer's package may not carry a signature check; only full installers are accepted.
  updater.disableWebInstaller = true;
}

/** The port over a configured updater. */
export function updaterPort(updater: AppUpdater): UpdaterPort {
  return {
    async check() {
      const result = await updater.checkForUpdates();
      return result?.isUpdateAvailable ? result.updateInfo.version : null;
    },
    async download() {
      await updater.downloadUpdate();
    },
    install() {
      // Silent (no installer UI on Windows), and the app starts again afterwards.
      updater.quitAndInstall(true, true);
    },
  };
}
