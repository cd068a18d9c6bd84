/**
 * The app's handlers as slices: each capability (connection, visit, note, settings, dictation…) implements
 * the channels of its own groups, and main/composition-root.ts merges the slices into one object that
 * `satisfies` the whole channel map, so a channel nobody handles is a type error there; two slices
 * handling one channel is refused when they are merged.
 */
import { fail, ok, type channels, type IpcResult } from '../../preload/contract/index.ts';
import { LimitError } from '../api/limits.ts';
import type { ChannelHandlers } from './channel-map.ts';
import { VisitFailure } from './failure.ts';

/** Every channel's handler. */
export type AppHandlers = ChannelHandlers<typeof channels>;

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
    if (error instanceof VisitFailure)
      return fail(error.code, { detail: error.detail, retryable: error.retryable });
    // LimitError messages state counts and field labels only (main/api/limits.ts guarantees it).
    if (error instanceof LimitError) return fail('limit_exceeded', { detail: error.message });
    throw error;
  }
}
