/**
 * The journal on a full disk: it says disk_full, keeps what it could not write in memory (audio covered by
 * final text leaves the queue) and writes it once space returns, gap-free; finishing gives up in bounded time;
 * a journal the disk or the keychain cannot take leaves nothing behind.
 */
import { promises as fs } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { nodeJournalFs, type JournalFs } from '../../../../main/core/journal/journal-fs.ts';
import type { JournalStatus } from '../../../../main/core/streaming/session-journal.ts';
import { StreamingError } from '../../../../main/core/streaming/streaming-error.ts';
import { markerChunk, until } from '../streaming/fake-peer.ts';
import { freshJournalFolder, removeJournalFolder } from './journal-rig.ts';

let dir: string;
let secrets: MemorySecretStore;
beforeEach(async () => ({ dir, secrets } = await freshJournalFolder()));
afterEach(() => removeJournalFolder(dir));

/** The journal's disk, which refuses every append with ENOSPC while `full` is set. */
function fillableDisk(): { fs: JournalFs; full: boolean } {
  const disk: { fs: JournalFs; full: boolean } = {
    full: false,
    fs: {
      ...nodeJournalFs,
      appendFileSync: undefined, // every write through the appendFile below
      async appendFile(path, data, mode) {
        if (disk.full) throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
        return nodeJournalFs.appendFile(path, data, mode);
      },
    },
  };
  return disk;
}

describe('journal on a full disk', () => {
  it('on a full disk reports disk_full, keeps records in memory, and writes them once space returns', async () => {
    let full = false;
    let refusedWrites = 0;
    const fullFs: JournalFs = {
      ...nodeJournalFs,
      appendFileSync: undefined, // every write through the appendFile below
      async appendFile(path, data, mode) {
        if (!full) return nodeJournalFs.appendFile(path, data, mode);
        refusedWrites++;
        // Half a batch lands before the disk fills: the journal must cut this torn tail.
        await nodeJournalFs.appendFile(path, data.subarray(0, Math.floor(data.length / 2)), mode);
        throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
      },
    };
    const store = new JournalStore({ dir, secrets, fs: fullFs, retryMs: 20 });
    const journal = await store.create('transcribe', ['doctor'], {});
    const statuses: JournalStatus[] = [];
    const warned = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    // A listener's bug is isolated and reported: the other listeners and the writer go on.
    journal.onStatus(() => {
      throw new Error('a listener bug');
    });
    journal.onStatus((s) => statuses.push(s));
    await journal.appendAudio(0, 0, markerChunk(1));
    full = true;
    let written = 0;
    const pending = [1, 2, 3].map((i) => journal.appendAudio(0, i, markerChunk(i + 1)).then(() => written++));
    await until(() => statuses.includes('disk_full'));
    expect(journal.writable).toBe(false);
    // Two retries were refused by the full disk as well: still nothing counts as written.
    const refusedBefore = refusedWrites;
    await until(() => refusedWrites >= refusedBefore + 2);
    expect(written).toBe(0);
    expect(journal.pendingRecords).toBe(3);
    full = false;
    await Promise.all(pending);
    expect(statuses).toEqual(['disk_full', 'ok']);
    expect(warned).toHaveBeenCalledTimes(2);
    expect(warned.mock.calls[0]![0]).toMatch(/listener threw/);
    warned.mockRestore();
    const recovered = await store.recover(journal.id);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([1, 2, 3, 4]);
  });

  it('on a full disk, audio covered by final text leaves the queue, and finish gives up in bounded time', async () => {
    const disk = fillableDisk();
    const store = new JournalStore({ dir, secrets, fs: disk.fs, retryMs: 20, finishTimeoutMs: 200 });
    const journal = await store.create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1));
    disk.full = true;
    const pending = [1, 2, 3, 4].map((i) => journal.appendAudio(0, i, markerChunk(i + 1)));
    await until(() => journal.status === 'disk_full');
    // The final text for chunks up to 2 came: they need no disk any more (their promises resolve).
    journal.checkpoint({ kind: 'released', stream: 0, before: 3 });
    await Promise.all(pending.slice(0, 2));
    expect(journal.pendingRecords).toBe(3); // chunks 3 and 4, and the checkpoint
    // Everything is covered: finish drops the rest and, the disk still full, ends without waiting for it.
    const started = performance.now();
    const error = await journal.finish().catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(StreamingError);
    expect((error as StreamingError).code).toBe('disk_full');
    await Promise.all(pending);
    // The incomplete file served nothing more: shredded with its key and lock.
    await until(() => secrets.accounts().length === 0);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('released audio dropped on a full disk leaves a gap-free journal once space returns', async () => {
    const disk = fillableDisk();
    const store = new JournalStore({ dir, secrets, fs: disk.fs, retryMs: 20 });
    const journal = await store.create('transcribe', ['doctor'], {});
    disk.full = true;
    const pending = [0, 1, 2, 3].map((i) => journal.appendAudio(0, i, markerChunk(i + 1)));
    await until(() => journal.status === 'disk_full');
    journal.checkpoint({ kind: 'released', stream: 0, before: 2 });
    disk.full = false;
    await Promise.all(pending);
    await until(() => journal.pendingRecords === 0);
    const recovered = await store.recover(journal.id);
    expect(recovered.tailCut).toBe(false);
    expect(recovered.releasedBefore).toEqual([2]);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([3, 4]);
  });

  it('a journal the disk or the keychain cannot take leaves no file, no sidecar, no key and no lock', async () => {
    const fullFs: JournalFs = {
      ...nodeJournalFs,
      writeFileAtomic: () => Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' })),
    };
    const full = new JournalStore({ dir, secrets, fs: fullFs });
    await expect(full.create('transcribe', ['doctor'], {})).rejects.toMatchObject({ code: 'disk_full' });
    expect(secrets.accounts()).toEqual([]);
    expect(await fs.readdir(dir)).toEqual([]);
    secrets.failWith('keychain_denied');
    const locked = new JournalStore({ dir, secrets });
    await expect(locked.create('transcribe', ['doctor'], {})).rejects.toMatchObject({
      code: 'keychain_denied',
    });
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
