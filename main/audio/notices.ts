import type { AudioNotice } from './audio-source.ts';

/** A tiny listener list for AudioSource.onDidNotice. */
export class NoticeEmitter {
  readonly #listeners = new Set<(notice: AudioNotice) => void>();

  /** Adds a listener; returns its remover. */
  on(listener: (notice: AudioNotice) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Calls every listener; one that throws does not stop capture or the others. */
  emit(notice: AudioNotice): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(notice);
      } catch {
        // A UI listener's bug must not take the microphone down.
      }
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
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
