import { Emitter } from '../events/emitter.ts';
import type { AudioNotice } from './audio-source.ts';

/** The listeners of AudioSource.onDidNotice; one that throws does not stop capture or the others. */
export class NoticeEmitter extends Emitter<AudioNotice> {}

/**
 * Resolves after `ms`, or at once when `signal` aborts (never rejects). On the global setTimeout rather
 * than node:timers/promises: the capture tests drive it with vitest's fake timers, which do not reach
 * node:timers/promises.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
