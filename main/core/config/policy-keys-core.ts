/**
 * The shape of a key of the one schema (policy-keys.ts), shared by the blocks that live in files of their
 * own (sign-in-keys.ts…): imported from here, not from policy-keys.ts, so no block imports the file that
 * spreads it.
 */
import type { z } from 'zod';

/** Where a value can come from, highest precedence first (see resolve-config.ts for the packaged build). */
export type ConfigLayer = 'flags' | 'env' | 'policy' | 'settings' | 'default';
/** Operating systems a key applies on. */
export const PLATFORMS = ['win32', 'darwin', 'linux'] as const;
type Platform = (typeof PLATFORMS)[number];

/** One key's definition. */
export interface KeySpec<S extends z.ZodType = z.ZodType, D = unknown> {
  readonly schema: S;
  /** Applied when no layer sets the key; absent: the key is optional in Config. */
  readonly default?: D;
  /** Short name (window, ADMX display name, README). */
  readonly title: string;
  /** What it does, for IT (README, ADMX explain text). */
  readonly description: string;
  /** What a valid value looks like, said after "<key> from <source>: ". */
  readonly expect: string;
  /** Layers the key may NOT come from. */
  readonly deniedLayers?: readonly ConfigLayer[];
  /** Where it applies (all by default). */
  readonly platforms?: readonly Platform[];
  /** A value for the sample policies (absent: the key is left out of them). */
  readonly example?: unknown;
  /** Its value is not shown in the window (only that it is set by the organization). */
  readonly hideValue?: boolean;
}

/** Declares a key, keeping its literal types (the Config type and the user settings are derived from them). */
export function key<T extends KeySpec>(spec: T & { default?: z.output<T['schema']> }): T {
  return spec;
}

/** A block written the older way (schemas, per-key facts and defaults in separate maps), as keysFromBlock takes it. */
export interface LegacyBlock<S extends Record<string, z.ZodType>> {
  readonly schemas: S;
  readonly info: {
    readonly [K in keyof S]: { readonly expect: string; readonly deniedLayers?: readonly ConfigLayer[] };
  };
  readonly defaults?: { readonly [K in keyof S]?: unknown };
  /** What IT reads: a short name and what the key does (README, ADMX). */
  readonly docs: { readonly [K in keyof S]: { readonly title: string; readonly description: string } };
}

type FromBlock<S extends Record<string, z.ZodType>, D> = {
  [K in keyof S]: KeySpec<S[K]> & { readonly schema: S[K] } & (K extends keyof D
      ? undefined extends D[K]
        ? unknown
        : { readonly default: D[K] }
      : unknown);
};

/**
 * Turns a block written as separate maps (FIELD_SCHEMAS-style schemas, KEY_INFO-style facts, defaults) into
 * keys of the one schema, so such a block joins KEYS with one spread. Environment names and text forms are
 * derived as for every key (`SCRIBE_` + the key in capitals).
 */
export function keysFromBlock<
  S extends Record<string, z.ZodType>,
  const D extends { [K in keyof S]?: unknown },
>(block: LegacyBlock<S> & { readonly defaults?: D }): FromBlock<S, D> {
  return Object.fromEntries(
    Object.keys(block.schemas).map((name: keyof S & string) => {
      const defaults = block.defaults as Record<string, unknown> | undefined;
      const spec: KeySpec = {
        schema: block.schemas[name] as z.ZodType,
        ...block.docs[name],
        expect: block.info[name].expect,
        ...(block.info[name].deniedLayers ? { deniedLayers: block.info[name].deniedLayers } : {}),
        ...(defaults?.[name] !== undefined ? { default: defaults[name] } : {}),
      };
      return [name, spec];
    }),
  ) as FromBlock<S, D>;
}
