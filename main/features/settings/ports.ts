/**
 * What the settings feature offers the others (a feature may import only another feature's ports, as
 * types): local preferences as the settings service sees them (preferences.ts keeps them in the user
 * settings) and where server-caller note customization is kept (customization-store.ts).
 */
import type {
  Customization,
  DisplayLanguage,
  SECTION_STYLES,
  SettingsNotice,
} from '../../../preload/contract/index.ts';

/** Local preferences (no patient data). */
export interface Preferences {
  clinicianDeviceId: string | null;
  patientDeviceId: string | null;
  speechLocales: string[];
  /** The language of the window and the CLI, or null for the system's. */
  displayLanguage: DisplayLanguage | null;
  /** The settings file was reset at start (what the Settings screen says; words: preload/words). */
  notice?: SettingsNotice;
}

export interface PreferenceStore {
  get(): Preferences;
  update(patch: Partial<Preferences>): Preferences;
}

/** A template's saved customization, without display titles (those come from the template). */
export interface SavedCustomization {
  templateInstruction: string;
  sections: Array<{ key: string; style: (typeof SECTION_STYLES)[number]; instruction: string }>;
}

/** Where server-caller customization is kept. */
export interface CustomizationStore {
  get(templateKey: string): Promise<SavedCustomization | undefined>;
  save(customization: Customization): Promise<void>;
}

/** What the policy reports (the audit trail listens): the names of the keys IT's policy sets, no values. */
export type PolicyEvent = { readonly kind: 'policy_applied'; readonly keys: readonly string[] };
