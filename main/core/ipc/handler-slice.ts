/**
 * The app's handlers as slices: each capability (connection, visit, note, settings, dictation…) implements
 * the channels of its own groups, and main/compose/composition-root.ts merges the slices into one object that
 * `satisfies` the whole channel map (EveryChannel), so a channel nobody handles is a type error there; two slices
 * handling one channel is refused when they are merged.
 */
import { ok, type channels, type IpcResult } from '../../../preload/contract/index.ts';
import type { ChannelHandlers } from './channel-map.ts';
import { Failure } from '../../base/failure.ts';

/** Every channel's handler. */
export type AppHandlers = ChannelHandlers<typeof channels>;

/**
 * What merged slices must be: every channel's handler, and no key the channel map does not have. Written
 * `merged satisfies EveryChannel<typeof merged>`, so a missing slice or a misspelled channel is a type error.
 */
export type EveryChannel<T> = AppHandlers & { readonly [K in Exclude<keyof T, keyof AppHandlers>]: never };

/** The handlers of the channels named `<group>:…` for the given groups. */
export type HandlerSlice<Group extends string> = Pick<
  AppHandlers,
  Extract<keyof AppHandlers, `${Group}:${string}`>
>;

/** Merges capability slices into one object; a channel in two slices is a wiring bug and throws. */
export function mergeHandlerSlices<S extends readonly object[]>(
  ...slices: S
): UnionToIntersection<S[number]> {
  const merged: Record<string, unknown> = {};
  for (const slice of slices) {
    for (const [channel, handler] of Object.entries(slice)) {
      if (channel in merged) throw new Error(`Two handler slices answer ${channel}.`);
      merged[channel] = handler;
    }
  }
  return merged as UnionToIntersection<S[number]>;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** Runs a handler body, turning expected failures into values. */
export async function guard<T>(body: () => T | Promise<T>): Promise<IpcResult<T>> {
  try {
    return ok(await body());
  } catch (error) {
    // Expected failures (LimitError and DictationSettingError are kinds of it) become values; anything
    // else goes to the router, which maps it in one place (error-mapping.ts).
    if (error instanceof Failure) return { ok: false, error: error.toIpcError() };
    throw error;
  }
}
