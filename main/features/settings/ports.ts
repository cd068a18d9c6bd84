/**
 * Local preferences as the settings service sees them (preferences.ts keeps them in the user settings).
 */
import type { SettingsNotice } from '../../../preload/contract/index.ts';

/** Local preferences (no patient data). */
export interface Preferences {
  clinicianDeviceId: string | null;
  patientDeviceId: string | null;
  speechLocales: string[];
  /** The settings file was reset at start (what the Settings screen says; words: setting-words.ts). */
  notice?: SettingsNotice;
}

export interface PreferenceStore {
  get(): Preferences;
  update(patch: Partial<Preferences>): Preferences;
}
