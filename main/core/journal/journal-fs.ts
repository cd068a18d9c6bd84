/**
 * The file-system port of the journal: the few operations it needs, so tests can inject failures such as
 * ENOSPC. The Node implementation applies the modes the journal asks for (0600 files, 0700 directory).
 */
import { promises as fs, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../../base/files/atomic-file.ts';

/** A file opened for reading at positions. */
export interface JournalReader {
  readonly size: number;
  read(position: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

export interface JournalFs {
  mkdir(path: string, mode: number): Promise<void>;
  appendFile(path: string, data: Uint8Array, mode: number): Promise<void>;
  /**
   * appendFile done on the calling thread, once the path's append handle is open: true when `data` is in the
   * file, false when it must go through appendFile (no open handle yet). Throws what the write threw.
   */
  appendFileSync?(path: string, data: Uint8Array): boolean;
  /** Flushes what was appended to the device (fsync), and the file's folder entry after it was created. */
  sync?(path: string): Promise<void>;
  /** Lets go of what appendFile keeps open for the path (the journal is closed or finished). */
  release?(path: string): Promise<void>;
  /** Cuts a torn tail back to the last whole record. */
  truncate(path: string, length: number): Promise<void>;
  openRead(path: string): Promise<JournalReader>;
  /** Durable atomic replace (main/base/files/atomic-file.ts: temporary file fsynced, rename, folder fsynced). */
  writeFileAtomic(path: string, data: string, mode: number): Promise<void>;
  readFile(path: string): Promise<Buffer>;
  /** Overwrites `length` bytes from the start with zeros, flushing to the device (shredding). */
  overwriteWithZeros(path: string, length: number): Promise<void>;
  readdir(path: string): Promise<string[]>;
  stat(path: string): Promise<{ size: number; mtimeMs: number; mode: number }>;
  unlink(path: string): Promise<void>;
}

const ZERO_BLOCK = Buffer.alloc(1 << 20);

/**
 * Append handles kept open per journal: a chunk every 100 ms would otherwise cost an open, a write and a
 * close on the thread pool each time, and a slow queue delays every later record. O_APPEND
 * keeps every write at the end, also after a truncate cut a torn tail.
 */
const appendHandles = new Map<string, Promise<fs.FileHandle>>();
/** The same handles once open, for writes on the calling thread. */
const openHandles = new Map<string, fs.FileHandle>();
/** Journals whose folder entry has not been flushed since their file was created. */
const newFiles = new Set<string>();

async function appendHandle(path: string, mode: number): Promise<fs.FileHandle> {
  let handle = appendHandles.get(path);
  if (!handle) {
    handle = fs.open(path, 'a', mode);
    appendHandles.set(path, handle);
    newFiles.add(path);
    handle.then(
      (open) => appendHandles.get(path) === handle && openHandles.set(path, open),
      () => appendHandles.delete(path),
    );
  }
  return handle;
}

async function releaseHandle(path: string): Promise<void> {
  const handle = appendHandles.get(path);
  appendHandles.delete(path);
  openHandles.delete(path);
  newFiles.delete(path);
  await (await handle?.catch(() => undefined))?.close().catch(() => undefined);
}

/** The real file system. */
export const nodeJournalFs: JournalFs = {
  async mkdir(path, mode) {
    await fs.mkdir(path, { recursive: true, mode });
    // mkdir's mode is filtered by the umask and ignored for an existing folder: set it explicitly.
    await fs.chmod(path, mode);
  },
  async appendFile(path, data, mode) {
    const handle = await appendHandle(path, mode);
    let written = 0;
    while (written < data.length) {
      const { bytesWritten } = await handle.write(data, written, data.length - written);
      written += bytesWritten;
    }
  },
  appendFileSync(path, data) {
    const handle = openHandles.get(path);
    if (!handle) return false;
    for (let written = 0; written < data.length;)
      written += writeSync(handle.fd, data, written, data.length - written);
    return true;
  },
  async sync(path) {
    const handle = appendHandles.get(path);
    if (!handle) return;
    await (await handle).datasync();
    if (newFiles.delete(path)) await syncDirectory(dirname(path));
  },
  release: releaseHandle,
  async truncate(path, length) {
    await fs.truncate(path, length);
  },
  async openRead(path) {
    const handle = await fs.open(path, 'r');
    const { size } = await handle.stat();
    return {
      size,
      async read(position, length) {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      },
      close: () => handle.close(),
    };
  },
  async writeFileAtomic(path, data, mode) {
    await writeFileAtomic(path, data, { mode });
  },
  readFile: (path) => fs.readFile(path),
  async overwriteWithZeros(path, length) {
    const handle = await fs.open(path, 'r+');
    try {
      for (let position = 0; position < length; position += ZERO_BLOCK.length) {
        await handle.write(ZERO_BLOCK, 0, Math.min(ZERO_BLOCK.length, length - position), position);
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  readdir: (path) => fs.readdir(path),
  async stat(path) {
    const s = await fs.stat(path);
    return { size: s.size, mtimeMs: s.mtimeMs, mode: s.mode };
  },
  async unlink(path) {
    await releaseHandle(path);
    await fs.unlink(path);
  },
};
