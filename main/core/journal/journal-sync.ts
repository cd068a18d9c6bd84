/**
 * Durability of a journal's appends: they are flushed to the device (fsync) at checkpoints, at most a
 * second after they were written, and at finish. One fsync a second, not one per write: a visit writes ten
 * chunks a second per stream. While writes keep coming, the flush starts from a write once most of the
 * second has passed (SYNC_EARLY_MS), so a recording visit pays no timer wake-up of its own for it; the timer
 * is what keeps the bound when the writes stop.
 */
import type { JournalFs } from './journal-fs.ts';

/** Appends are flushed to the device (fsync) at most this often, and at the latest this long after a write. */
const SYNC_INTERVAL_MS = 1_000;
/** A write this close to the flush's due time starts it at once (in the write's turn, not a timer's). */
const SYNC_EARLY_MS = 200;

/** When one journal file is flushed to the device. */
export class JournalSync {
  #lastSyncAt = performance.now();
  #timer: NodeJS.Timeout | undefined;
  #unsynced = false;
  #stopped = false;
  /** The flush under way, if any (resolved when none), and whether one is. */
  #running: Promise<void> = Promise.resolve();
  #busy = false;

  constructor(
    private readonly fs: JournalFs,
    private readonly path: string,
  ) {}

  /** Appends reached the file: they reach the device at most SYNC_INTERVAL_MS after the last flush. */
  wrote(): void {
    this.#unsynced = true;
    if (this.#stopped) return;
    const wait = this.#lastSyncAt + SYNC_INTERVAL_MS - performance.now();
    if (wait <= SYNC_EARLY_MS) {
      void this.#sync();
      return;
    }
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#sync();
    }, wait);
    this.#timer.unref?.();
  }

  /**
   * The last flush (finish): everything written so far reaches the device now; no more are scheduled. A
   * flush a write started just before (finish's own record, more than a second after the last) is waited
   * for, not taken as done: the file is closed and its folder entry flushed only after.
   */
  async flush(): Promise<void> {
    this.stop();
    await this.#sync();
  }

  /** No more flushes (the journal is closed). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** One flush at a time: each starts after the one before it has ended. */
  #sync(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#unsynced) return this.#running;
    this.#unsynced = false;
    this.#lastSyncAt = performance.now();
    // A failed fsync is a disk problem the next write reports; it is not a reason to stop the session.
    const flush = (): Promise<void> => this.fs.sync?.(this.path) ?? Promise.resolve();
    const run = (this.#busy ? this.#running.then(flush) : flush()) // at once when none is under way
      .catch(() => void (this.#unsynced = true));
    this.#busy = true;
    const mine: Promise<void> = run.then(() => {
      if (this.#running === mine) this.#busy = false;
    });
    this.#running = mine;
    return this.#running;
  }
}
