/**
 * The lock files of a journals folder (main/base/files/process-lock.ts): a journal belongs to the process
 * that holds its lock, and is never sent again or shredded by another one while that process lives.
 */
import { join } from 'node:path';
import { ProcessLock, lockHolder } from '../../base/files/process-lock.ts';
import { StreamingError } from '../streaming/streaming-error.ts';

/** The locks this process holds in one journals folder, by journal id. */
export class JournalLocks {
  readonly #dir: string;
  readonly #held = new Map<string, ProcessLock>();

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Whether this process holds the lock of `id`. */
  holds(id: string): boolean {
    return this.#held.has(id);
  }

  /** Whether another live process holds the lock of `id`. */
  async heldElsewhere(id: string): Promise<boolean> {
    return !this.#held.has(id) && (await lockHolder(this.path(id))) !== 'none';
  }

  /** Whether any live process holds the lock of `id`, this one included. */
  async locked(id: string): Promise<boolean> {
    return (await lockHolder(this.path(id))) !== 'none';
  }

  /** Takes the lock of a journal being created; throws when it was already locked. */
  async take(id: string): Promise<void> {
    const lock = await ProcessLock.acquire(this.path(id));
    if (!lock) throw new StreamingError('journal_failed', 'A new journal was already locked.');
    this.#held.set(id, lock);
  }

  /**
   * Takes the lock of a journal this process is about to send again or shred; false when another live
   * process holds it.
   */
  async claim(id: string): Promise<boolean> {
    if (this.#held.has(id)) return true;
    const lock = await ProcessLock.acquire(this.path(id)).catch(() => undefined);
    if (lock) this.#held.set(id, lock);
    // Not taken: a live holder, or a file the lock cannot be written beside (a full disk; nobody holds it).
    else if ((await lockHolder(this.path(id))) !== 'none') return false;
    return true;
  }

  /** Lets go of the lock of `id`, if held here. */
  async release(id: string): Promise<void> {
    const lock = this.#held.get(id);
    this.#held.delete(id);
    await lock?.release();
  }

  /** Lets go of every lock held here. */
  async releaseAll(): Promise<void> {
    await Promise.all([...this.#held.keys()].map((id) => this.release(id)));
  }

  /** The lock file of `id` (removed when its journal is shredded). */
  path(id: string): string {
    return join(this.#dir, `${id}.lock`);
  }
}
