/**
 * Durable small-file writes (the one implementation; secrets, journal sidecars and settings use it): a new
 * file is written beside the target, flushed (fsync), renamed over it, and the folder flushed, so a crash or
 * power cut leaves either the old file or the new one, never half of one, and the rename itself survives.
 * A write that fails (a full disk) removes its temporary file: nothing is left behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Owner read/write only. */
const SECRET_FILE_MODE = 0o600;
const SECRET_DIR_MODE = 0o700;
const TEMP_SUFFIX = '.tmp';

export interface AtomicWriteOptions {
  /** File mode of the new file (default 0600). */
  mode?: number;
  /** Mode of the folder when it has to be created (default 0700). */
  dirMode?: number;
}

/** Writes `data` to `path` atomically and durably (creating the folder if needed). */
export async function writeFileAtomic(
  path: string,
  data: Uint8Array | string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: options.dirMode ?? SECRET_DIR_MODE });
  const temp = join(dir, `${basename(path)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  try {
    // 'wx' fails if the name exists, so a planted symlink cannot redirect the write.
    const handle = await open(temp, 'wx', options.mode ?? SECRET_FILE_MODE);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameOver(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
}

/** How long a rename over a file another program holds open is retried (Windows only). */
const RENAME_RETRY_MS = 2_000;

/**
 * Renames `temp` over `path`. Windows refuses (EPERM, EACCES or EBUSY) while another process has `path` open
 * without FILE_SHARE_DELETE (antivirus, backup, the search indexer, another app reading it), usually for a
 * moment: retry with backoff for a bounded time, as graceful-fs does, then give up with the last error.
 */
async function renameOver(temp: string, path: string): Promise<void> {
  const end = Date.now() + RENAME_RETRY_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    try {
      return await rename(temp, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const busy = code === 'EPERM' || code === 'EACCES' || code === 'EBUSY';
      if (process.platform !== 'win32' || !busy || Date.now() + wait > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Overwrites the file with random bytes, flushes, and deletes it, plus any temp files a crashed write left
 * beside it. On SSDs and copy-on-write file systems the old blocks may survive the overwrite, which is why the
 * real shredding is deleting the key the file is encrypted with; this is the second line.
 */
export async function shredFile(path: string): Promise<void> {
  const dir = dirname(path);
  let leftovers: string[] = [];
  try {
    leftovers = (await readdir(dir)).filter(
      (n) => n.startsWith(`${basename(path)}.`) && n.endsWith(TEMP_SUFFIX),
    );
  } catch {
    // No folder: nothing to shred.
  }
  for (const target of [path, ...leftovers.map((n) => join(dir, n))]) await overwriteAndDelete(target);
  await syncDirectory(dir);
}

async function overwriteAndDelete(path: string): Promise<void> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return;
    size = info.size;
  } catch {
    return;
  }
  const handle = await open(path, 'r+');
  try {
    await handle.write(randomBytes(size), 0, size, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rm(path, { force: true });
}

/** Makes a rename, create or delete in `dir` durable. */
export async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename or delete itself durable. Windows cannot open a folder for fsync; NTFS journals renames.
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a folder; the data itself was already flushed.
  }
}
