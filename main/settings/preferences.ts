/** PreferenceStores: in memory (tests, the sample), and over the user settings with IT's policy on top. */
import type { Config, ConfigKey } from '../config/config-schema.ts';
import type { SettingsStore, UserSettingsPatch } from '../config/settings-store.ts';
import type { Preferences, PreferenceStore } from './ports.ts';

/** Keeps preferences for the life of the process. */
export class MemoryPreferenceStore implements PreferenceStore {
  #value: Preferences;

  constructor(initial: Partial<Preferences> = {}) {
    this.#value = {
      clinicianDeviceId: null,
      patientDeviceId: null,
      speechLocales: ['ENGLISH_US'],
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
  readonly #config: Config;
  readonly #locked: ReadonlySet<ConfigKey>;

  constructor(settings: SettingsStore, resolved: { config: Config; locked: readonly ConfigKey[] }) {
    this.#settings = settings;
    this.#config = resolved.config;
    this.#locked = new Set(resolved.locked);
  }

  get(): Preferences {
    const own = this.#settings.get();
    const pick = <K extends 'microphone' | 'secondMicrophone' | 'speechLocales'>(key: K) =>
      this.#locked.has(key) ? this.#config[key] : (own[key] ?? this.#config[key]);
    return {
      clinicianDeviceId: pick('microphone') ?? null,
      patientDeviceId: pick('secondMicrophone') ?? null,
      speechLocales: [...(pick('speechLocales') ?? ['ENGLISH_US'])],
    };
  }

  update(patch: Partial<Preferences>): Preferences {
    const next: UserSettingsPatch = {};
    if (patch.clinicianDeviceId !== undefined) next.microphone = patch.clinicianDeviceId ?? undefined;
    if (patch.patientDeviceId !== undefined) next.secondMicrophone = patch.patientDeviceId ?? undefined;
    if (patch.speechLocales !== undefined)
      next.speechLocales = patch.speechLocales as UserSettingsPatch['speechLocales'];
    for (const key of Object.keys(next) as (keyof UserSettingsPatch)[])
      if (this.#locked.has(key)) delete next[key];
    const cleared = (Object.keys(next) as (keyof UserSettingsPatch)[]).filter((k) => next[k] === undefined);
    if (cleared.length > 0) this.#settings.reset(cleared);
    for (const key of cleared) delete next[key];
    if (Object.keys(next).length > 0) this.#settings.set(next);
    return this.get();
  }
}
