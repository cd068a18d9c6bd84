/**
 * What the rest of the app reads of the one schema (policy-keys.ts): each key's zod schema, the resolved
 * Config type with its defaults, and per-key facts (environment name, how text is read). Nothing here is
 * written per key: add keys in policy-keys.ts.
 */
import { z } from 'zod';
import { KEYS, type ConfigLayer, type KeySpec } from './policy-keys.ts';

export type { ConfigLayer, LogLevel } from './policy-keys.ts';

type Keys = typeof KEYS;
/** A configuration key. */
export type ConfigKey = keyof Keys;
/** Every configuration key, in a stable order. */
export const CONFIG_KEYS = Object.keys(KEYS) as ConfigKey[];

/** Each key's schema, without defaults (the user-settings schema reuses them). */
export const FIELD_SCHEMAS = Object.fromEntries(CONFIG_KEYS.map((k) => [k, KEYS[k].schema])) as {
  [K in ConfigKey]: Keys[K]['schema'];
};

type ResolvedShape = {
  [K in ConfigKey]: Keys[K] extends { default: unknown }
    ? z.ZodDefault<Keys[K]['schema']>
    : z.ZodOptional<Keys[K]['schema']>;
};

/** The resolved configuration: defaults are applied here, and only here. */
export const configSchema = z.object(
  Object.fromEntries(
    CONFIG_KEYS.map((k) => {
      const spec: KeySpec = KEYS[k];
      return [k, spec.default === undefined ? spec.schema.optional() : spec.schema.default(spec.default)];
    }),
  ) as ResolvedShape,
);
/** The resolved configuration. */
export type Config = z.output<typeof configSchema>;

/** How a value written as text (environment, flags, registry) is read. */
export type TextForm = 'text' | 'list' | 'int' | 'bool';

interface KeyInfo {
  form: TextForm;
  /** Environment variable, if the key may come from the environment. */
  env?: string;
  /** What the value must look like, said after "<key> from <source>: ". */
  expect: string;
  /** Layers the key may NOT come from. */
  deniedLayers?: readonly ConfigLayer[];
}

/** The text form of a schema: arrays are comma-separated lists, numbers whole numbers, booleans true/false. */
export function textForm(schema: z.ZodType): TextForm {
  switch (schema.def.type) {
    case 'array':
      return 'list';
    case 'number':
      return 'int';
    case 'boolean':
      return 'bool';
    default:
      return 'text';
  }
}

/** `myKey` → `SCRIBE_MY_KEY`. */
export function envName(key: string): string {
  return `SCRIBE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** Per-key facts: environment name, text form, and what a valid value looks like. */
export const KEY_INFO = Object.fromEntries(
  CONFIG_KEYS.map((k) => {
    const spec: KeySpec = KEYS[k];
    const info: KeyInfo = {
      form: textForm(spec.schema),
      expect: spec.expect,
      ...(spec.deniedLayers?.includes('env') ? {} : { env: envName(k) }),
      ...(spec.deniedLayers ? { deniedLayers: spec.deniedLayers } : {}),
    };
    return [k, info];
  }),
) as Readonly<Record<ConfigKey, KeyInfo>>;

/** Keys a person may set in the app's own settings. */
export const USER_SETTING_KEYS = CONFIG_KEYS.filter(
  (key) => !KEY_INFO[key].deniedLayers?.includes('settings'),
);

/** The command-line flag for a key: `serviceUrl` -> `--service-url`. */
export function flagName(key: ConfigKey): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Reads a value written as text (or a 0/1 boolean) in the key's form; anything else is returned as is for zod to judge. */
export function fromText(key: ConfigKey, value: unknown): unknown {
  // Registry DWORDs and JSON numbers 0/1 are how policy tools write booleans.
  if (KEY_INFO[key].form === 'bool' && (value === 0 || value === 1)) return value === 1;
  if (typeof value !== 'string') return value;
  const raw = value.trim();
  switch (KEY_INFO[key].form) {
    case 'text':
      return value;
    case 'list':
      return raw === '' ? [] : raw.split(',').map((item) => item.trim());
    case 'int':
      return /^\d+$/.test(raw) ? Number(raw) : value;
    case 'bool':
      return /^(true|1|yes)$/i.test(raw) ? true : /^(false|0|no)$/i.test(raw) ? false : value;
    default: {
      const exhaustive: never = KEY_INFO[key].form;
      return exhaustive;
    }
  }
}
