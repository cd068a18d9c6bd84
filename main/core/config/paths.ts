/**
 * The per-user data folder, the same one Electron's `app.getPath('userData')` gives for productName
 * "Scribe Desktop", so the CLI and the app share settings and the token vault without Electron loaded.
 */
import { homedir, userInfo } from 'node:os';
import { join, posix, win32 } from 'node:path';

/** The product name Electron derives the user data folder from (package.json productName). */
const PRODUCT_NAME = 'Scribe Desktop';

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

/**
 * Where the encrypted vaults (sign-in tokens, dictation history) live, and where an earlier version kept them.
 * On Windows that is %LOCALAPPDATA%\Scribe Desktop, machine-local like the journals: the user data folder is
 * in Roaming, which hospitals copy to a file server at logoff (and a vault is useless without this
 * machine's keychain key anyway). Elsewhere, and for a data folder set by hand (SCRIBE_DATA_DIR, a second
 * installation, tests), the vaults stay in the data folder.
 */
export function vaultDirs(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): { dataDir: string; legacyDir?: string } {
  const roaming = defaultUserDataDir(platform, env, home);
  if (platform !== 'win32' || win32.resolve(dataDir).toLowerCase() !== win32.resolve(roaming).toLowerCase())
    return { dataDir };
  return {
    dataDir: win32.join(env.LOCALAPPDATA ?? win32.join(home, 'AppData', 'Local'), PRODUCT_NAME),
    legacyDir: dataDir,
  };
}

/**
 * The journals folder (crash recovery: encrypted audio and transcript of unfinished visits) shared by the app
 * and the CLI. It is machine-local, never in a folder that roams or syncs: on Windows %LOCALAPPDATA% (the
 * user data folder is in Roaming, which hospitals copy to a file server at logoff), on Linux
 * $XDG_STATE_HOME. IT can move it with the `journalDir` setting (e.g. to a persistent disk on a
 * non-persistent virtual desktop; see managedJournalDir).
 */
export function defaultJournalDir(
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): string {
  switch (platform) {
    case 'win32':
      return win32.join(env.LOCALAPPDATA ?? win32.join(home, 'AppData', 'Local'), PRODUCT_NAME, 'journals');
    case 'darwin':
      return posix.join(defaultUserDataDir(platform, env, home), 'journals');
    default:
      return posix.join(env.XDG_STATE_HOME || posix.join(home, '.local', 'state'), PRODUCT_NAME, 'journals');
  }
}

/**
 * The journals folder under the root IT configured (`journalDir`): one subfolder per OS account, so people
 * sharing a terminal server never see (or lock out) each other's journals.
 */
export function managedJournalDir(root: string, user: string = userInfo().username): string {
  // An account name is a path segment here; anything that could climb out of the root is replaced.
  const segment = user.replace(/[^\p{L}\p{N}._ -]/gu, '_').replace(/^\.+$/, '_') || '_';
  return join(root, segment);
}

/** The journals folder inside a given data folder (SCRIBE_DATA_DIR for a second installation, tests). */
export function journalDir(dataDir: string): string {
  return join(dataDir, 'journals');
}
