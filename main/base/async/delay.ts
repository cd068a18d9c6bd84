/**
 * The one delay: Node's promise timer, with one behaviour on abort. An aborted wait resolves early and
 * never rejects, since an abort is how a stop looks, not a failure a clinician should hear about; a caller
 * that must not go on after an abort checks `signal.aborted` (or calls `signal.throwIfAborted()`).
 */
import { setTimeout as wait } from 'node:timers/promises';

/** Waits `ms` (not at all when `ms <= 0`), or until `signal` aborts. Never rejects. */
export async function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return;
  try {
    await wait(ms, undefined, signal ? { signal } : undefined);
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
}

/**
 * A delay as a port, for code whose tests drive time with vitest's fake timers (they do not reach
 * node:timers/promises); production passes `delay`.
 */
export type Delay = (ms: number, signal?: AbortSignal) => Promise<void>;
