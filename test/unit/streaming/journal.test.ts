import { promises as fs } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../main/secrets/memory-secret-store.ts';
import { JOURNAL_IN_USE_MS, JournalStore } from '../../../main/streaming/journal-store.ts';
import { nodeJournalFs, type JournalFs } from '../../../main/streaming/journal-fs.ts';
import type { JournalStatus } from '../../../main/streaming/session-journal.ts';
import { StreamingError } from '../../../main/streaming/streaming-error.ts';
import { markerChunk, until } from './fake-peer.ts';

let dir: string;
let secrets: MemorySecretStore;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'journal-')), 'journals');
  secrets = new MemorySecretStore();
});
afterEach(async () => rm(join(dir, '..'), { recursive: true, force: true }));

const finalItem = (text: string, startMs: number) => ({
  id: `1:${text}`,
  text,
  speakerType: 'DOCTOR',
  startMs,
  endMs: startMs + 1000,
  isFinal: true,
});

describe('journal', () => {
  it('round-trips a visit: encrypted at rest, 0600/0700, recovery returns uncovered audio and finals', async () => {
    const store = new JournalStore({ dir, secrets });
    const journal = await store.create('transcribe', ['doctor'], { speechLocales: ['ENGLISH_US'] });
    for (let i = 0; i < 30; i++) await journal.appendAudio(0, i, markerChunk(i + 1));
    journal.checkpoint({ kind: 'final', item: finalItem('CANARY-SENTENCE', 0) });
    journal.checkpoint({ kind: 'released', stream: 0, before: 12 });
    await journal.appendJson({ kind: 'released', stream: 0, before: 10 }); // a lower release never moves back
    expect((await journal.readAudio(0, 17))[0]).toBe(18);

    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(journal.path)).mode & 0o777).toBe(0o600);
    const raw = await fs.readFile(journal.path);
    expect(raw.includes(Buffer.from('CANARY'))).toBe(false);
    expect(raw.includes(Buffer.from('ENGLISH_US'))).toBe(false);

    // Another process (a restart) sees the unfinished visit.
    const restarted = new JournalStore({ dir, secrets });
    expect((await restarted.listRecoverable()).map((r) => r.id)).toEqual([journal.id]);
    expect(await store.listRecoverable()).toEqual([]); // open here: not offered
    const recovered = await restarted.recover(journal.id);
    expect(recovered.config.settings).toEqual({ speechLocales: ['ENGLISH_US'] });
    expect(recovered.finalItems.map((i) => i.text)).toEqual(['CANARY-SENTENCE']);
    expect(recovered.releasedBefore).toEqual([12]);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([...Array(18).keys()].map((i) => i + 13));
    expect(recovered.finished).toBe(false);

    await journal.finish();
    expect(await restarted.listRecoverable()).toEqual([]);
  });

  it('counts a journal written within JOURNAL_IN_USE_MS as in use by another process', async () => {
    const journal = await new JournalStore({ dir, secrets }).create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1));
    const other = new JournalStore({ dir, secrets }); // another process: `scribe recover`, the app
    expect(await other.inUse(journal.id)).toBe(true);
    const quiet = (Date.now() - JOURNAL_IN_USE_MS - 1_000) / 1000;
    await fs.utimes(journal.path, quiet, quiet);
    expect(await other.inUse(journal.id)).toBe(false);
    expect(await other.inUse('no-such-journal')).toBe(false);
  });

  it('detects tampering and ignores a torn tail', async () => {
    const store = new JournalStore({ dir, secrets });
    const journal = await store.create('dictate', ['main'], {});
    for (let i = 0; i < 3; i++) await journal.appendAudio(0, i, markerChunk(i + 1));
    const raw = await fs.readFile(journal.path);
    await fs.appendFile(journal.path, raw.subarray(0, 20)); // crash mid-write
    expect((await store.recover(journal.id)).uncovered).toHaveLength(3);
    raw[raw.length - 5]! ^= 0xff;
    await fs.writeFile(journal.path, raw);
    const error = await store.recover(journal.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamingError);
    expect((error as StreamingError).code).toBe('journal_corrupt');
  });

  it('shreds: the file is overwritten then unlinked and the per-visit key deleted', async () => {
    const overwritten: number[] = [];
    const spyFs: JournalFs = {
      ...nodeJournalFs,
      overwriteWithZeros: async (p, n) => (overwritten.push(n), nodeJournalFs.overwriteWithZeros(p, n)),
    };
    const store = new JournalStore({ dir, secrets, fs: spyFs });
    const journal = await store.create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1));
    const size = (await fs.stat(journal.path)).size;
    expect(secrets.accounts()).toEqual([`journal.${journal.id}`]);
    await store.shred(journal.id);
    expect(overwritten).toEqual([size]);
    await expect(fs.stat(journal.path)).rejects.toThrow();
    expect(secrets.accounts()).toEqual([]);
    expect(await fs.readdir(dir)).toEqual([]);
    await expect(store.recover(journal.id)).rejects.toMatchObject({ code: 'journal_missing' });
  });

  it("writes in append order, off the caller's turn, batching what queues while a write is in flight", async () => {
    const writes: number[] = [];
    let unblock: (() => void) | undefined;
    const gatedFs: JournalFs = {
      ...nodeJournalFs,
      async appendFile(path, data, mode) {
        writes.push(data.length);
        if (writes.length === 2) await new Promise<void>((r) => (unblock = r));
        return nodeJournalFs.appendFile(path, data, mode);
      },
    };
    const store = new JournalStore({ dir, secrets, fs: gatedFs });
    const journal = await store.create('transcribe', ['doctor'], {}); // write 1: config
    const first = journal.appendAudio(0, 0, markerChunk(1));
    expect(writes).toHaveLength(1); // nothing sealed or written before the caller (the send) is done
    await until(() => unblock !== undefined); // write 2 (chunk 0) hangs on the disk
    // Queued behind it; the checkpoint covering chunk 5 is appended in the same turn as the chunk.
    const rest = [1, 2, 3, 4, 5].map((i) => journal.appendAudio(0, i, markerChunk(i + 1)));
    journal.checkpoint({ kind: 'released', stream: 0, before: 3 });
    expect(journal.pendingRecords).toBe(7);
    unblock!();
    await Promise.all([first, ...rest]);
    await until(() => journal.pendingRecords === 0);
    expect(writes).toHaveLength(3); // the six queued records went out in one write
    expect((await journal.readAudio(0, 4))[0]).toBe(5);
    const recovered = await store.recover(journal.id);
    expect(recovered.releasedBefore).toEqual([3]);
    expect(recovered.uncovered.map((c) => c.index)).toEqual([3, 4, 5]);
  });

  it('rejects appends once closed and never recreates a shredded file', async () => {
    const store = new JournalStore({ dir, secrets });
    const journal = await store.create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1));
    await store.shred(journal.id);
    await expect(journal.appendAudio(0, 1, markerChunk(2))).rejects.toMatchObject({ code: 'journal_failed' });
    journal.checkpoint({ kind: 'released', stream: 0, before: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('retention shreds old finished journals and keeps old unfinished ones, flagged', async () => {
    let now = 1_000_000;
    const store = new JournalStore({ dir, secrets, retentionHours: 1, now: () => now });
    const finished = await store.create('transcribe', ['doctor'], {});
    await finished.finish();
    const crashed = await store.create('transcribe', ['doctor'], {});
    crashed.close(); // as if the process died
    now += 2 * 3_600_000;
    const later = new JournalStore({ dir, secrets, retentionHours: 1, now: () => now });
    expect(await later.applyRetention()).toEqual([finished.id]);
    expect(await later.listRecoverable()).toEqual([
      { id: crashed.id, session: 'transcribe', createdAt: 1_000_000, stale: true },
    ]);
  });

  it('on a full disk reports disk_full, keeps records in memory, and writes them once space returns', async () => {
    let full = false;
    const fullFs: JournalFs = {
      ...nodeJournalFs,
      async appendFile(path, data, mode) {
        if (!full) return nodeJournalFs.appendFile(path, data, mode);
        // Half a batch lands before the disk fills: the journal must cut this torn tail.
        await nodeJournalFs.appendFile(path, data.subarray(0, Math.floor(data.length / 2)), mode);
        throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
      },
    };
    const store = new JournalStore({ dir, secrets, fs: fullFs, retryMs: 20 });
    const journal = await store.create('transcribe', ['doctor'], {});
    const statuses: JournalStatus[] = [];
    journal.onStatus((s) => statuses.push(s));
    await journal.appendAudio(0, 0, markerChunk(1));
    full = true;
    let written = 0;
    const pending = [1, 2, 3].map((i) => journal.appendAudio(0, i, markerChunk(i + 1)).then(() => written++));
    await until(() => statuses.includes('disk_full'));
    expect(journal.writable).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(written).toBe(0);
    expect(journal.pendingRecords).toBe(3);
    full = false;
    await Promise.all(pending);
    expect(statuses).toEqual(['disk_full', 'ok']);
    const recovered = await store.recover(journal.id);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([1, 2, 3, 4]);
  });
});
