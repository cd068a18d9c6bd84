/**
 * electron-updater behind UpdaterPort, without Electron: it takes any AppUpdater (NsisUpdater, MacUpdater,
 * AppImageUpdater), so the same code runs in the app (auto-updates.ts, given the Electron shell's updater) and, with a Node HTTP
 * executor, in tests against a feed on loopback. The updater's own checks stay on: the sha512 of the
 * download against the feed's latest.yml, the Windows Authenticode publisher (NsisUpdater, publisherName
 * from app-update.yml) and Squirrel.Mac's code-signature check on macOS. On Windows the installer's own
 * version resource must also say the version the feed announced, newer than this one (embedded-version.ts),
 * checked at the same hook as the publisher, before it.
 */
import { readFile } from 'node:fs/promises';
import type { AppUpdater, NsisUpdater } from 'electron-updater';
import { checkEmbeddedVersion, type EmbeddedVersionVerdict } from './embedded-version.ts';
import type { UpdaterPort } from './update-controller.ts';

/** The organization's feed. */
export interface FeedSetup {
  /** The folder holding latest.yml (stable) or beta.yml, with the installers beside them. */
  readonly url: string;
  readonly channel: 'stable' | 'beta';
}

/** Points the updater at the feed and leaves every decision to the controller. */
export function configureUpdater(
  updater: AppUpdater,
  feed: FeedSetup,
  onRefused?: (verdict: EmbeddedVersionVerdict) => void,
): void {
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
  if (isNsis(updater)) checkInstallerVersion(updater, onRefused);
}

function isNsis(updater: AppUpdater): updater is NsisUpdater {
  return 'verifyUpdateCodeSignature' in updater;
}

/**
 * Wraps the publisher check electron-updater runs on the downloaded installer (NsisUpdater, before the
 * download counts as done): a refusal there removes the file and rejects with ERR_UPDATER_INVALID_SIGNATURE.
 */
function checkInstallerVersion(updater: NsisUpdater, onRefused?: (verdict: EmbeddedVersionVerdict) => void) {
  let announced: string | null = null;
  updater.on('update-available', (info) => {
    announced = info.version;
  });
  const publisherCheck = updater.verifyUpdateCodeSignature;
  updater.verifyUpdateCodeSignature = async (publishers, file) => {
    const verdict = announced
      ? checkEmbeddedVersion(await readFile(file), announced, updater.currentVersion.version)
      : { refusal: 'embedded_version_mismatch' as const, announced: null, embedded: null };
    if (verdict) {
      onRefused?.(verdict);
      return `installer version refused: ${verdict.refusal}`;
    }
    return publisherCheck(publishers, file);
  };
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
