/** PreferenceStores: in memory (tests, the sample), and over the user settings with IT's policy on top. */
import type { Config, ConfigKey } from '../../core/config/config-schema.ts';
import type { SettingsRecovery } from '../../core/config/settings-recovery.ts';
import type { SettingsStore, UserSettingsPatch } from '../../core/config/settings-store.ts';
import type { SettingsNotice } from '../../../preload/contract/index.ts';
import type { Preferences, PreferenceStore } from './ports.ts';

/** Keeps preferences for the life of the process. */
export class MemoryPreferenceStore implements PreferenceStore {
  #value: Preferences;

  constructor(initial: Partial<Preferences> = {}) {
    this.#value = {
      clinicianDeviceId: null,
      patientDeviceId: null,
      speechLocales: ['ENGLISH_US'],
      displayLanguage: null,
      ...initial,
    };
  }

  get(): Preferences {
    return { ...this.#value, speechLocales: [...this.#value.speechLocales] };
  }

  update(patch: Partial<Preferences>): Preferences {
    this.#value = { ...this.#value, ...patch };
    return this.get();
  }
}

/**
 * Preferences in the user settings file (`microphone`, `secondMicrophone`, `speechLocales`; no patient
 * data). A key IT's policy (or a flag, or the environment) sets is shown as resolved and never written:
 * the person's change would not take effect, so it is not stored as if it had.
 */
export class SettingsPreferenceStore implements PreferenceStore {
  readonly #settings: SettingsStore;
  readonly #resolved: () => { config: Config; locked: readonly ConfigKey[] };
  readonly #notice: SettingsNotice | undefined;

  /**
   * `resolved` is read at every use: IT's policy may change while the app runs. `recovery` says the settings
   * file was repaired at start (also taken from a resolved object that carries it).
   */
  constructor(
    settings: SettingsStore,
    resolved:
      | { config: Config; locked: readonly ConfigKey[]; settingsRecovery?: SettingsRecovery }
      | (() => { config: Config; locked: readonly ConfigKey[] }),
    recovery?: SettingsRecovery,
  ) {
    this.#settings = settings;
    this.#resolved = typeof resolved === 'function' ? resolved : () => resolved;
    const repaired = recovery ?? (typeof resolved === 'function' ? undefined : resolved.settingsRecovery);
    this.#notice = repaired && settingsNotice(repaired);
  }

  get(): Preferences {
    const own = this.#settings.get();
    const { config, locked } = this.#resolved();
    const pick = <K extends 'microphone' | 'secondMicrophone' | 'speechLocales' | 'displayLanguage'>(
      key: K,
    ) => (locked.includes(key) ? config[key] : (own[key] ?? config[key]));
    return {
      clinicianDeviceId: pick('microphone') ?? null,
      patientDeviceId: pick('secondMicrophone') ?? null,
      speechLocales: [...(pick('speechLocales') ?? ['ENGLISH_US'])],
      displayLanguage: pick('displayLanguage') ?? null,
      ...(this.#notice ? { notice: this.#notice } : {}),
    };
  }

  update(patch: Partial<Preferences>): Preferences {
    const next: UserSettingsPatch = {};
    if (patch.clinicianDeviceId !== undefined) next.microphone = patch.clinicianDeviceId ?? undefined;
    if (patch.patientDeviceId !== undefined) next.secondMicrophone = patch.patientDeviceId ?? undefined;
    if (patch.speechLocales !== undefined)
      next.speechLocales = patch.speechLocales as UserSettingsPatch['speechLocales'];
    if (patch.displayLanguage !== undefined) next.displayLanguage = patch.displayLanguage ?? undefined;
    const { locked } = this.#resolved();
    for (const key of Object.keys(next) as (keyof UserSettingsPatch)[])
      if (locked.includes(key)) delete next[key];
    const cleared = (Object.keys(next) as (keyof UserSettingsPatch)[]).filter((k) => next[k] === undefined);
    if (cleared.length > 0) this.#settings.reset(cleared);
    for (const key of cleared) delete next[key];
    if (Object.keys(next).length > 0) this.#settings.set(next);
    return this.get();
  }
}

/** The Settings screen's notice of a reset settings file: keys and rules, never values (words: preload/words). */
function settingsNotice(recovery: SettingsRecovery): SettingsNotice {
  return {
    code: 'settings_reset',
    file: recovery.file ?? null,
    backup: recovery.backup ?? null,
    problems: recovery.rules,
  };
}
