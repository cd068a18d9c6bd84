/**
 * Local preferences as the settings service sees them (preferences.ts keeps them in the user settings).
 */
/** Local preferences (no patient data). */
export interface Preferences {
  clinicianDeviceId: string | null;
  patientDeviceId: string | null;
  speechLocales: string[];
  /** The settings file was reset at start (words for the Settings screen). */
  notice?: string;
}

export interface PreferenceStore {
  get(): Preferences;
  update(patch: Partial<Preferences>): Preferences;
}
