/**
 * The one door through which a native package is loaded: on first use, never at import, so a program that
 * does not need one (the CLI's `--help`, `audit verify`) runs without it. A package that is missing, or whose
 * binary cannot load on this machine, becomes NativeMissingError naming the package, which the CLI words as
 * one sentence (the packaged CLI keeps them in node_modules beside scribe.cjs, see build.cli-packages.mjs).
 */
import { createRequire } from 'node:module';

// Resolved from this file in source, from the bundle's own file once bundled (import.meta.url is the bundle's).
const require = createRequire(import.meta.url);

/** The native packages this program may load (the packaged CLI ships those its bundle names). */
export type NativePackage = '@napi-rs/keyring' | '@picovoice/pvrecorder-node' | 'koffi';

/** A native package is not where the program looks for it, or its binary does not load here. */
export class NativeMissingError extends Error {
  override readonly name = 'NativeMissingError';
  readonly code = 'native_missing';
  constructor(
    readonly packageName: NativePackage,
    options?: ErrorOptions,
  ) {
    super(`The native package ${packageName} could not be loaded.`, options);
  }
}

/** Loads a native package (cached by Node after the first time). */
export function loadNative<T>(name: NativePackage): T {
  try {
    return require(name) as T;
  } catch (error) {
    throw new NativeMissingError(name, { cause: error });
  }
}

/** Where a native package's entry file is (a worker thread loads it from there). */
export function resolveNative(name: NativePackage): string {
  try {
    return require.resolve(name);
  } catch (error) {
    throw new NativeMissingError(name, { cause: error });
  }
}

/** The NativeMissingError an error is or was caused by, if any. */
export function nativeMissingIn(error: unknown): NativeMissingError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++)
    if (e instanceof NativeMissingError) return e;
  return undefined;
}
