/**
 * The SettingsStore port: the part of the configuration a person sets in the app. Only the keys of
 * userSettingsSchema can be stored, so patient data cannot end up in settings by construction.
 *
 * One implementation covers both backends: `conf` (plain Node: tests and tools, node-settings-store.ts) and
 * `electron-store`, which extends conf with the same `store`/`set`/`delete`/`clear`/`path` API, so the
 * Electron adapter is `new BackedSettingsStore(() => new ElectronStore({name: 'settings', configFileMode:
 * 0o600, accessPropertiesByDotNotation: false}))`.
 */
import { z } from 'zod';
import { FIELD_SCHEMAS, USER_SETTING_KEYS, type ConfigKey } from './config-schema.ts';
import type { KEYS } from './policy-keys.ts';
import { checkValue } from './resolve-config.ts';

/** The keys a person may set (those whose `deniedLayers` do not include 'settings'). */
type UserFields = {
  [
    K in keyof typeof FIELD_SCHEMAS as (typeof KEYS)[K] extends { deniedLayers: readonly (infer L)[] }
      ? 'settings' extends L
        ? never
        : K
      : K
  ]: (typeof FIELD_SCHEMAS)[K];
};
const userFields = Object.fromEntries(USER_SETTING_KEYS.map((k) => [k, FIELD_SCHEMAS[k]])) as UserFields;

function allOptional<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}

/** The user settings: every key optional, no other key allowed. */
export const userSettingsSchema = z.strictObject(allOptional<UserFields>(userFields));
/** User settings as stored (validated). */
export type UserSettings = z.output<typeof userSettingsSchema>;
/** A key of the user settings. */
export type UserSettingKey = keyof UserSettings;
/** A change: a value sets the key, undefined removes it (back to the policy or default). */
export type UserSettingsPatch = { [K in UserSettingKey]?: z.input<(typeof userFields)[K]> | undefined };

/** `settings_invalid`: a value or key was refused (see `key`); `settings_unreadable`: the file is corrupt. */
export type SettingsErrorCode = 'settings_invalid' | 'settings_unreadable';

/** A settings failure; the message names the key and the rule, never the value. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(
    readonly code: SettingsErrorCode,
    message: string,
    readonly key?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Reading and writing user settings. */
export interface SettingsStore {
  /** Where the settings live (a file path), for messages. */
  readonly origin: string | undefined;
  /** Everything stored, unvalidated: resolveConfig validates it and names any bad key. */
  read(): Record<string, unknown>;
  /** The valid stored settings (invalid or unknown entries are left out). */
  get(): UserSettings;
  /** Validates the whole patch first, then writes it; throws SettingsError naming the first bad key. */
  set(patch: UserSettingsPatch): void;
  /** Removes the given keys, or all of them. */
  reset(keys?: readonly UserSettingKey[]): void;
}

/** The part of the conf / electron-store API the store uses. */
export interface KeyValueBackend {
  readonly store: Record<string, unknown>;
  readonly path: string;
  set(values: Record<string, unknown>): void;
  delete(key: string): void;
  clear(): void;
}

const USER_KEYS = new Set<string>(USER_SETTING_KEYS);

/** SettingsStore over a conf-like backend, opened lazily so that a corrupt file is a SettingsError. */
export class BackedSettingsStore implements SettingsStore {
  readonly #open: () => KeyValueBackend;
  #backend: KeyValueBackend | undefined;
  readonly #origin: string | undefined;

  /** `origin` names the file before it is opened (a corrupt file cannot be opened to ask its path). */
  constructor(open: () => KeyValueBackend, origin?: string) {
    this.#open = open;
    this.#origin = origin;
  }

  get origin(): string | undefined {
    return this.#origin ?? this.#backend?.path;
  }

  read(): Record<string, unknown> {
    return this.#use((backend) => ({ ...backend.store }));
  }

  get(): UserSettings {
    const valid: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.read())) {
      if (!USER_KEYS.has(key)) continue;
      const checked = checkValue(key as ConfigKey, value);
      if (checked.ok) valid[key] = checked.value;
    }
    return valid as UserSettings;
  }

  set(patch: UserSettingsPatch): void {
    const writes: Record<string, unknown> = {};
    const removals: string[] = [];
    for (const [key, value] of Object.entries(patch)) {
      if (!USER_KEYS.has(key))
        throw new SettingsError('settings_invalid', `${key}: is not a user setting`, key);
      if (value === undefined) {
        removals.push(key);
        continue;
      }
      const checked = checkValue(key as ConfigKey, value);
      if (!checked.ok) throw new SettingsError('settings_invalid', `${key}: ${checked.reason}`, key);
      writes[key] = checked.value;
    }
    this.#use((backend) => {
      if (Object.keys(writes).length > 0) backend.set(writes);
      for (const key of removals) backend.delete(key);
    });
  }

  reset(keys?: readonly UserSettingKey[]): void {
    this.#use((backend) => {
      if (keys === undefined) backend.clear();
      else for (const key of keys) backend.delete(key);
    });
  }

  #use<T>(action: (backend: KeyValueBackend) => T): T {
    try {
      this.#backend ??= this.#open();
      return action(this.#backend);
    } catch (error) {
      if (error instanceof SyntaxError) {
        throw new SettingsError('settings_unreadable', 'The settings file is not valid JSON.', undefined, {
          cause: error,
        });
      }
      throw error;
    }
  }
}

/** The settings file's name (without `.json`), shared with the Electron adapter. */
export const SETTINGS_FILE_NAME = 'settings';
