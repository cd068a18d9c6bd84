/**
 * The per-user data folder, the same one Electron's `app.getPath('userData')` gives for productName
 * "Scribe Desktop", so the CLI and the app share settings and the token vault without Electron loaded.
 */
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';

/** The product name Electron derives the user data folder from (package.json productName). */
export const PRODUCT_NAME = 'Scribe Desktop';

/** The user data folder for a platform and environment (pure, for tests; defaults to this process). */
export function defaultUserDataDir(
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): string {
  switch (platform) {
    case 'win32':
      return win32.join(env.APPDATA ?? win32.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
    case 'darwin':
      return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME);
    default:
      return posix.join(env.XDG_CONFIG_HOME || posix.join(home, '.config'), PRODUCT_NAME);
  }
}

/** The journals folder (crash recovery) inside a user data folder: the app and the CLI share it. */
export function journalDir(dataDir: string): string {
  return join(dataDir, 'journals');
}
