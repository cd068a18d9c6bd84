/**
 * The shape of a key of the one schema (policy-keys.ts), shared by the blocks that live in files of their
 * own (sign-in-keys.ts…): imported from here, not from policy-keys.ts, so no block imports the file that
 * spreads it.
 */
import type { z } from 'zod';

/** Where a value can come from, highest precedence first (see resolve-config.ts for the packaged build). */
export const CONFIG_LAYERS = ['flags', 'env', 'policy', 'settings', 'default'] as const;
/** One of CONFIG_LAYERS. */
export type ConfigLayer = (typeof CONFIG_LAYERS)[number];
/** Operating systems a key applies on. */
export const PLATFORMS = ['win32', 'darwin', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];

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
