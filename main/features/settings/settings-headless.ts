/**
 * The settings' headless front door: what a shell without a window (`scribe note`, through
 * main/compose/headless.ts) uses of the settings: the note customization saved in the app, where the app
 * keeps it (settings-feature.ts builds its own the same way).
 */
import { join } from 'node:path';
import { CUSTOMIZATION_FILE, FileCustomizationStore } from './customization-store.ts';
import type { CustomizationStore } from './ports.ts';

export interface SettingsHeadless {
  /** The note customization saved in the app, in the data folder `dataDir` the app and the CLI share. */
  readonly savedCustomizations: (dataDir: string) => CustomizationStore;
}

/** The settings' headless factory. */
export function createSettingsHeadless(): SettingsHeadless {
  return { savedCustomizations: (dataDir) => new FileCustomizationStore(join(dataDir, CUSTOMIZATION_FILE)) };
}
