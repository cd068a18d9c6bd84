/**
 * The one lock file shared by processes (a journal's owner; the app and `scribe` appending to one audit
 * trail): created exclusively, holding the owner's pid and a heartbeat counter the owner bumps every
 * second. Whether a lock is held is judged without the wall clock (nor file times, which are the wall
 * clock): the owner's process is gone (no such pid), or its heartbeat did not move while we watched; so a
 * clinician's clock set back or forward never makes a dead holder look alive or a live one look dead, and
 * a pid reused by another program is told apart by the heartbeat.
 *
 * The heartbeat rewrites the same bytes in place (fixed width, no truncation), so it keeps working on a
 * full disk. A stale lock is removed through stale-takeover.ts, so that of processes that find it stale
 * at once exactly one takes it over.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { delay } from '../async/delay.ts';
import { link, processAlive, removeStale, see, type SeenLock } from './stale-takeover.ts';

/** How often an owner bumps its heartbeat. */
const HEARTBEAT_MS = 1_000;
/** How long a reader watches a live pid's heartbeat before calling the lock stale. */
const WATCH_MS = HEARTBEAT_MS * 2.5;
const LOCK_MODE = 0o600;
/** Lock files held by this process (a lock file naming our pid but not here is a dead namesake's). */
const heldHere = new Set<string>();
/** Lock files this process is creating now (written, not yet known to be ours): not stale either. */
const creatingHere = new Map<string, number>();

/** Whether this process holds, or is creating, the lock file at `path`. */
function ownedHere(path: string): boolean {
  return heldHere.has(path) || creatingHere.has(path);
}

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

/** Its holder is certainly gone: no such process, or our own pid on a lock this process does not hold. */
function holderGone(path: string, content: LockContent): boolean {
  if (content.pid === process.pid) return !ownedHere(path);
  return !processAlive(content.pid);
}

/**
 * Who holds the lock at `path`: nobody (absent or stale), this process, or another live process. A lock
 * naming this process's pid that this process does not hold was left by an earlier process that had the
 * same pid (before a restart): stale.
 */
export async function lockHolder(path: string): Promise<'none' | 'self' | 'other'> {
  return (await judge(path)).holder;
}

/** The process id of the live process (this one or another) holding the lock at `path`, else undefined. */
export async function lockHolderPid(path: string): Promise<number | undefined> {
  const { holder } = await judge(path);
  if (holder === 'self') return process.pid;
  const seen = holder === 'other' ? await see(path) : undefined;
  return seen ? parse(seen.text)?.pid : undefined;
}

/** Who holds the lock, and (when stale) the file that was judged, for {@link removeStale}. */
async function judge(path: string): Promise<{ holder: 'none' | 'self' | 'other'; seen?: SeenLock }> {
  const seen = await see(path);
  const first = seen && parse(seen.text);
  if (!first) return { holder: 'none', seen };
  if (first.pid === process.pid) return ownedHere(path) ? { holder: 'self' } : { holder: 'none', seen };
  if (!processAlive(first.pid)) return { holder: 'none', seen };
  await delay(WATCH_MS);
  const again = await see(path);
  const second = again && parse(again.text);
  if (!second) return { holder: 'none', seen: again };
  if (second.pid !== first.pid) return second.pid === process.pid ? { holder: 'none' } : { holder: 'other' };
  return second.beat !== first.beat ? { holder: 'other' } : { holder: 'none', seen: again };
}

/** A held lock; release() deletes it. */
export class ProcessLock {
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
  static async acquire(path: string): Promise<ProcessLock | undefined> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const lock = await ProcessLock.tryCreate(path);
      if (lock) return lock;
      const { holder, seen } = await judge(path);
      if (holder !== 'none') return undefined;
      if (seen) await removeStale(path, seen);
    }
    return undefined;
  }

  /**
   * Creates the lock file whole: written under a temp name, then hard-linked to its name (which fails when
   * it exists), so nobody ever reads it half-written and takes it for stale. Undefined when one exists
   * (whoever holds it). Throws file-system errors (ENOSPC on a full disk).
   */
  static async tryCreate(path: string): Promise<ProcessLock | undefined> {
    // From before the file appears until it is known as held, another task here must not take it for a
    // namesake's.
    creatingHere.set(path, (creatingHere.get(path) ?? 0) + 1);
    try {
      const lock = await ProcessLock.create(path);
      if (lock) heldHere.add(path);
      return lock;
    } finally {
      const left = (creatingHere.get(path) ?? 1) - 1;
      if (left > 0) creatingHere.set(path, left);
      else creatingHere.delete(path);
    }
  }

  private static async create(path: string): Promise<ProcessLock | undefined> {
    const temp = `${path}.${randomUUID()}.tmp`;
    const handle = await fs.open(temp, 'wx', LOCK_MODE);
    let linked: boolean | 'unsupported';
    try {
      await handle.write(format({ pid: process.pid, beat: 0 }), 0);
      linked = await link(temp, path);
    } catch (error) {
      await handle.close();
      throw error;
    } finally {
      await fs.rm(temp, { force: true });
    }
    if (linked !== true) await handle.close();
    if (linked === 'unsupported') return ProcessLock.createInPlace(path);
    if (!linked) return undefined;
    return new ProcessLock(path, handle);
  }

  /** Where hard links cannot be made (FAT, some shares): an exclusive create, then the content. */
  private static async createInPlace(path: string): Promise<ProcessLock | undefined> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(path, 'wx', LOCK_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
      throw error;
    }
    try {
      await handle.write(format({ pid: process.pid, beat: 0 }), 0);
    } catch (error) {
      await handle.close();
      await fs.rm(path, { force: true });
      throw error;
    }
    return new ProcessLock(path, handle);
  }

  async #bump(): Promise<void> {
    if (this.#released) return;
    this.#beat++;
    // Same length at the same place: no new blocks, so a full disk does not stop the heartbeat.
    await this.#handle.write(format({ pid: process.pid, beat: this.#beat }), 0).catch(() => undefined);
  }

  /**
   * Lets go of the lock (the work is done, the journal finished or was shredded). The file is deleted only
   * while it is still this lock's: a holder judged stale (stopped for a while, then woken) whose lock was
   * taken over in the meantime must not delete the new holder's.
   */
  async release(): Promise<void> {
    if (this.#released) return;
    this.#released = true;
    heldHere.delete(this.#path);
    clearInterval(this.#timer);
    // Compared while our handle is open (its inode cannot be reused meanwhile), as bigints (NTFS file ids
    // exceed 2^53).
    const ours = await this.#handle.stat({ bigint: true }).then(
      (s) => s.ino,
      () => undefined,
    );
    const there = await fs.stat(this.#path, { bigint: true }).then(
      (s) => s.ino,
      () => undefined,
    );
    await this.#handle.close().catch(() => undefined);
    if (there !== undefined && (ours === undefined || there === ours))
      await fs.rm(this.#path, { force: true });
  }
}

export interface WaitOptions {
  /** Longest wait for a live holder (default 5 s). */
  readonly waitMs?: number;
  /** The `code` of the error thrown when the wait runs out. */
  readonly busyCode: string;
}

const RETRY_MS = 15;

/**
 * Runs `task` holding the lock at `path`, for locks held briefly (an append): a live holder is waited for
 * (bounded, then an error with `busyCode`), a gone one replaced at once, and a file whose text has not
 * changed for longer than a heartbeat watch (a reused pid, a holder killed while writing it) replaced too.
 * Time here is the monotonic clock, never the wall clock.
 */
export async function withProcessLock<T>(
  path: string,
  task: () => Promise<T>,
  options: WaitOptions,
): Promise<T> {
  const lock = await waitFor(path, options);
  try {
    return await task();
  } finally {
    await lock.release();
  }
}

async function waitFor(path: string, options: WaitOptions): Promise<ProcessLock> {
  const started = performance.now();
  let watched: { text: string; since: number } | undefined;
  for (;;) {
    const lock = await ProcessLock.tryCreate(path);
    if (lock) return lock;
    const seen = await see(path);
    const now = performance.now();
    if (seen) {
      const content = parse(seen.text);
      if (watched?.text !== seen.text) watched = { text: seen.text, since: now };
      const stale = (content && holderGone(path, content)) || now - watched.since > WATCH_MS;
      if (stale && (await removeStale(path, seen))) {
        watched = undefined;
        continue;
      }
    }
    if (now - started > (options.waitMs ?? 5_000))
      throw Object.assign(new Error('lock busy'), { code: options.busyCode });
    await delay(RETRY_MS);
  }
}
