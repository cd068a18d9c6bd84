/**
 * Removing a stale lock file so that, of several processes that found it stale at the same instant, only
 * one removes it — and none removes the fresh lock another has created since. Deleting by name is not
 * that: A deletes the stale file and creates its own, then B (which judged the old one) deletes A's.
 *
 * So a remover first claims the takeover marker of the file it saw (named after that file's inode): the
 * marker appears with its holder's pid already in it (a temp file hard-linked to the marker's name, which
 * fails when it exists, on Linux, macOS and NTFS). Holding it, the remover reads the lock file again and
 * deletes it only when it is still the same file with the same text: nobody else can delete that file
 * meanwhile (they would need the marker), so nobody can create a new one either. A marker whose holder
 * died is passed over by claiming a marker one level down (named after the dead pid). No clock is used.
 * On a full disk the marker is created empty and its pid written only if there is room: a remover that
 * dies then leaves a marker nobody can pass over (that stale lock stays until the marker is deleted).
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';

/** A lock file as read: which file (its inode) and what it said. */
export interface SeenLock {
  readonly ino: bigint;
  readonly text: string;
}

/**
 * Markers this process holds or is creating, with how many tasks (a marker naming our pid but not here is
 * a dead namesake's).
 */
const claimedHere = new Map<string, number>();

function count(marker: string, by: 1 | -1): void {
  const n = (claimedHere.get(marker) ?? 0) + by;
  if (n > 0) claimedHere.set(marker, n);
  else claimedHere.delete(marker);
}
/** Markers of markers whose holder died: more would take that many crashes mid-takeover. */
const MAX_DEPTH = 4;

/** Whether the process `pid` exists (EPERM: it does, owned by someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Links `temp` as `path`: true, false when `path` exists, 'unsupported' without hard links there. */
export async function link(temp: string, path: string): Promise<boolean | 'unsupported'> {
  try {
    await fs.link(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EXDEV') return 'unsupported';
    throw error;
  }
}

/** The file at `path` read through one handle, so inode and text belong together; undefined if absent. */
export async function see(path: string): Promise<SeenLock | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const stat = await handle.stat({ bigint: true });
    return { ino: stat.ino, text: await handle.readFile('utf8') };
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Deletes the lock file at `path` if it is still the one `seen`; true when this call deleted it, false
 * when it had changed or another live process is removing it (try again after a short wait).
 */
export async function removeStale(path: string, seen: SeenLock): Promise<boolean> {
  const marker = await claim(`${path}.takeover-${seen.ino}`, 0);
  if (!marker) return false;
  try {
    const now = await see(path);
    if (!now || now.ino !== seen.ino || now.text !== seen.text) return false;
    await fs.rm(path, { force: true });
    return true;
  } finally {
    await fs.rm(marker, { force: true }).finally(() => count(marker, -1));
  }
}

/** Creates `marker` holding our pid; undefined when a live process holds it. */
async function claim(marker: string, depth: number): Promise<string | undefined> {
  // Counted from before the marker appears, so another task here never takes it for a namesake's.
  count(marker, 1);
  let created = false;
  try {
    created = await createWithPid(marker);
  } finally {
    if (!created) count(marker, -1);
  }
  if (created) return marker;
  const holder = Number.parseInt(await fs.readFile(marker, 'utf8').catch(() => ''), 10);
  if (depth >= MAX_DEPTH || !Number.isInteger(holder) || !markerHolderGone(marker, holder)) return undefined;
  return claim(`${marker}.${holder}`, depth + 1);
}

function markerHolderGone(marker: string, pid: number): boolean {
  return pid === process.pid ? !claimedHere.has(marker) : !processAlive(pid);
}

/** Makes `path` appear with our pid in it at once; false when it exists. */
async function createWithPid(path: string): Promise<boolean> {
  const temp = `${path}.${randomUUID()}.tmp`;
  try {
    await fs.writeFile(temp, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
    const linked = await link(temp, path);
    if (linked !== 'unsupported') return linked;
  } catch {
    // A full disk (no block for the pid): created below, its pid written if there is room.
  } finally {
    await fs.rm(temp, { force: true });
  }
  // Also where hard links cannot be made (FAT, some shares): create it, then write the pid.
  return createExclusive(path);
}

/** An exclusive create needs no data block; the pid is written when there is room (else it stays empty). */
async function createExclusive(path: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  await handle.writeFile(`${process.pid}\n`).catch(() => undefined);
  await handle.close();
  return true;
}
