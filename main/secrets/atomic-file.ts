/**
 * Durable small-file writes for secrets on disk: a new file is written beside the target with mode 0600,
 * flushed, then renamed over it, so a crash leaves either the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Owner read/write only. */
export const SECRET_FILE_MODE = 0o600;
const SECRET_DIR_MODE = 0o700;
const TEMP_SUFFIX = '.tmp';

/** Writes `data` to `path` atomically with mode 0600 (creating the folder with mode 0700 if needed). */
export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: SECRET_DIR_MODE });
  const temp = join(dir, `${basename(path)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  // 'wx' fails if the name exists, so a planted symlink cannot redirect the write.
  const handle = await open(temp, 'wx', SECRET_FILE_MODE);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
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

async function syncDirectory(dir: string): Promise<void> {
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
