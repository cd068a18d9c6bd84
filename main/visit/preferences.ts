/** An in-memory PreferenceStore (tests, the sample, and until the settings store lands). */
import type { Preferences, PreferenceStore } from './ports.ts';

/** Keeps preferences for the life of the process. */
export class MemoryPreferenceStore implements PreferenceStore {
  #value: Preferences;

  constructor(initial: Partial<Preferences> = {}) {
    this.#value = { clinicianDeviceId: null, patientDeviceId: null, speechLocales: ['ENGLISH_US'], ...initial };
  }

  get(): Preferences {
    return { ...this.#value, speechLocales: [...this.#value.speechLocales] };
  }

  update(patch: Partial<Preferences>): Preferences {
    this.#value = { ...this.#value, ...patch };
    return this.get();
  }
}
