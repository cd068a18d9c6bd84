/**
 * The settings store under plain Node (tests, tools): `<dir>/settings.json` with mode 0600, managed by conf.
 * Its own module so that loading the configuration does not load conf: conf's atomically → when-exit
 * installs SIGINT/SIGTERM listeners at import that re-raise the signal, which turned one Ctrl+C of the CLI
 * into two.
 */
import { join } from 'node:path';
import Conf from 'conf';
import { defaultUserDataDir } from './paths.ts';
import { BackedSettingsStore, SETTINGS_FILE_NAME, type SettingsStore } from './settings-store.ts';

/**
 * The settings store of the CLI and tests: `<dir>/settings.json` with mode 0600, managed by conf. `dir`
 * defaults to the app's user data folder, so the CLI reads what the app wrote.
 */
export function openNodeSettingsStore(dir: string = defaultUserDataDir()): SettingsStore {
  return new BackedSettingsStore(
    () =>
      new Conf<Record<string, unknown>>({
        cwd: dir,
        configName: SETTINGS_FILE_NAME,
        configFileMode: 0o600,
        // Dots are not paths here: keys are flat, and a stray dot must not create nested objects.
        accessPropertiesByDotNotation: false,
        // A hand-edited file with a typo is reported, not silently wiped.
        clearInvalidConfig: false,
      }),
    join(dir, `${SETTINGS_FILE_NAME}.json`),
  );
}
