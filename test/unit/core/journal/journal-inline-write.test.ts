import { promises as fs } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { nodeJournalFs, type JournalFs } from '../../../../main/core/journal/journal-fs.ts';
import { markerChunk } from '../streaming/fake-peer.ts';
import { freshJournalFolder, removeJournalFolder } from './journal-rig.ts';

let dir: string;
let secrets: MemorySecretStore;
beforeEach(async () => ({ dir, secrets } = await freshJournalFolder()));
afterEach(async () => {
  vi.restoreAllMocks();
  await removeJournalFolder(dir);
});

/** The real file system, counting the writes that went through the thread pool and those made inline. */
function countingFs(inlineMs = 0): { fs: JournalFs; pooled: () => number; inline: () => number } {
  let pooled = 0;
  let inline = 0;
  return {
    fs: {
      ...nodeJournalFs,
      appendFile: (p, d, m) => (pooled++, nodeJournalFs.appendFile(p, d, m)),
      appendFileSync(p, d) {
        const written = nodeJournalFs.appendFileSync!(p, d);
        if (written) inline++;
        // A stalled disk, as performance.now sees it.
        if (written && inlineMs > 0) {
          const now = performance.now();
          vi.spyOn(performance, 'now').mockReturnValueOnce(now + inlineMs);
        }
        return written;
      },
    },
    pooled: () => pooled,
    inline: () => inline,
  };
}

describe('journal writes on the main thread', () => {
  it("writes each chunk inline once the file is open, on the caller's turn: in the file when its promise resolves", async () => {
    const counting = countingFs();
    const store = new JournalStore({ dir, secrets, fs: counting.fs });
    const journal = await store.create('transcribe', ['doctor'], {}); // opens the file (thread pool)
    const sizeAfterConfig = (await fs.stat(journal.path)).size;
    const first = journal.appendAudio(0, 0, markerChunk(1));
    expect(counting.inline()).toBe(1); // on the caller's turn: no turn of the event loop before the send
    await first;
    expect((await fs.stat(journal.path)).size).toBeGreaterThan(sizeAfterConfig + 3200);
    await journal.appendAudio(0, 1, markerChunk(2));
    expect(counting.pooled()).toBe(1); // the config record only
    expect(counting.inline()).toBe(2);
    expect((await journal.readAudio(0, 1))[0]).toBe(2);
  });

  it('after a write that stalled, the journal writes through the thread pool (a slow disk stalls nothing)', async () => {
    const counting = countingFs(200);
    const store = new JournalStore({ dir, secrets, fs: counting.fs });
    const journal = await store.create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1)); // inline, and took "200 ms"
    for (let i = 1; i < 4; i++) await journal.appendAudio(0, i, markerChunk(i + 1));
    expect(counting.inline()).toBe(1);
    expect(counting.pooled()).toBe(4); // the config and the three chunks after the stall
    const recovered = await store.recover(journal.id);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([1, 2, 3, 4]);
  });
});
