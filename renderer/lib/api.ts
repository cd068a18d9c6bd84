/**
 * The renderer's only door to the app: the preload's `window.scribe`, typed by the contract. Results are
 * values (`{ok, data} | {ok: false, error}`): the renderer never sees an exception from main.
 */
import type { IpcError, IpcResult, ScribeApi } from '../../preload/contract/index.ts';

declare global {
  interface Window {
    readonly scribe: ScribeApi;
  }
}

/** The preload API. */
export function scribe(): ScribeApi {
  return window.scribe;
}

/** An IpcError for a call that could not even be made (the preload is missing). */
const BRIDGE_MISSING: IpcError = {
  code: 'internal',
  params: { reason: 'bridge_missing' },
  retryable: false,
};

/** Awaits a call and turns a missing bridge or a rejected promise into an error value. */
export async function settle<T>(call: () => Promise<IpcResult<T>>): Promise<IpcResult<T>> {
  try {
    if (!window.scribe) return { ok: false, error: BRIDGE_MISSING };
    return await call();
  } catch {
    return { ok: false, error: BRIDGE_MISSING };
  }
}
