/**
 * Who owns a journal: a lock file `<id>.lock` beside it, created exclusively, holding the owner's pid and a
 * heartbeat counter the owner bumps every second. Whether a lock is held is judged without any clock: the
 * owner's process is gone (no such pid), or its heartbeat did not move while we watched; so a computer's
 * clock set back or forward never makes a dead session look alive (Recover and Discard never refuse for
 * it), and a pid reused by another program is told apart by the heartbeat.
 *
 * The heartbeat rewrites the same bytes in place (fixed width, no truncation), so it keeps working on a
 * full disk.
 */
import { promises as fs } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

/** How often an owner bumps its heartbeat. */
const HEARTBEAT_MS = 1_000;
/** How long a reader watches a live pid's heartbeat before calling the lock stale. */
const WATCH_MS = HEARTBEAT_MS * 2.5;
const LOCK_MODE = 0o600;
/** Lock files held by this process (a lock file naming our pid but not here is a dead namesake's). */
const heldHere = new Set<string>();

interface LockContent {
  pid: number;
  beat: number;
}

function format(content: LockContent): string {
  return `${String(content.pid).padStart(10, '0')} ${String(content.beat % 1e12).padStart(12, '0')}\n`;
}

function parse(text: string): LockContent | undefined {
  const match = /^(\d{10}) (\d{12})\n$/.exec(text);
  return match ? { pid: Number(match[1]), beat: Number(match[2]) } : undefined;
}

async function read(path: string): Promise<LockContent | undefined> {
  try {
    return parse(await fs.readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Who holds the lock at `path`: nobody (absent or stale), this process, or another live process. A lock
 * naming this process's pid that this process does not hold was left by an earlier process that had the
 * same pid (before a restart): stale.
 */
export async function lockHolder(path: string): Promise<'none' | 'self' | 'other'> {
  const first = await read(path);
  if (!first) return 'none';
  if (first.pid === process.pid) return heldHere.has(path) ? 'self' : 'none';
  if (!processAlive(first.pid)) return 'none';
  await delay(WATCH_MS);
  const second = await read(path);
  if (!second) return 'none';
  if (second.pid !== first.pid) return second.pid === process.pid ? 'none' : 'other';
  return second.beat !== first.beat ? 'other' : 'none';
}

/** A held journal lock; release() deletes it. */
export class JournalLock {
  readonly #path: string;
  readonly #handle: fs.FileHandle;
  readonly #timer: NodeJS.Timeout;
  #beat = 0;
  #released = false;

  private constructor(path: string, handle: fs.FileHandle) {
    this.#path = path;
    this.#handle = handle;
    this.#timer = setInterval(() => void this.#bump(), HEARTBEAT_MS);
    // The heartbeat never keeps a CLI process alive.
    this.#timer.unref();
  }

  /**
   * Takes the lock, replacing a stale one (its owner is gone). Undefined when another live process holds
   * it. Throws file-system errors (ENOSPC on a full disk).
   */
  static async acquire(path: string): Promise<JournalLock | undefined> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await fs.open(path, 'wx', LOCK_MODE);
        try {
          await handle.write(format({ pid: process.pid, beat: 0 }), 0);
        } catch (error) {
          await handle.close();
          await fs.rm(path, { force: true });
          throw error;
        }
        heldHere.add(path);
        return new JournalLock(path, handle);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if ((await lockHolder(path)) !== 'none') return undefined;
        await fs.rm(path, { force: true });
      }
    }
    return undefined;
  }

  async #bump(): Promise<void> {
    if (this.#released) return;
    this.#beat++;
    // Same length at the same place: no new blocks, so a full disk does not stop the heartbeat.
    await this.#handle.write(format({ pid: process.pid, beat: this.#beat }), 0).catch(() => undefined);
  }

  /** Lets go of the lock (the journal finished, was shredded, or its session stopped). */
  async release(): Promise<void> {
    if (this.#released) return;
    this.#released = true;
    heldHere.delete(this.#path);
    clearInterval(this.#timer);
    await this.#handle.close().catch(() => undefined);
    await fs.rm(this.#path, { force: true });
  }
}
