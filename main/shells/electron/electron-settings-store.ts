/**
 * The SettingsStore adapter of the app: main/core/config's BackedSettingsStore over electron-store, in the
 * user data folder (`settings.json`, mode 0600), the same file the CLI opens with conf. Flat keys (no dot
 * paths) and a corrupt file is reported rather than silently wiped, exactly as the Node store does.
 *
 * electron-store also registers a synchronous IPC listener ('electron-store-get-data') answering any
 * renderer with the user data path and app version. Our pages have no ipcRenderer (the preload exposes
 * named functions only), so it is unreachable; it carries no patient data either way.
 */
import { join } from 'node:path';
import { app } from 'electron';
import ElectronStore from 'electron-store';
import {
  BackedSettingsStore,
  SETTINGS_FILE_NAME,
  type SettingsStore,
} from '../../core/config/settings-store.ts';

/** Opens the app's settings store (lazily: the file is read on first use). Call after app 'ready'. */
export function openElectronSettingsStore(): SettingsStore {
  return new BackedSettingsStore(
    () =>
      new ElectronStore<Record<string, unknown>>({
        name: SETTINGS_FILE_NAME,
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
      }),
    join(app.getPath('userData'), `${SETTINGS_FILE_NAME}.json`),
  );
}
