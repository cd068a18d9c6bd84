import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { nodeJournalFs, type JournalFs } from '../../../../main/core/journal/journal-fs.ts';
import { markerChunk, until } from '../streaming/fake-peer.ts';
import { freshJournalFolder, removeJournalFolder } from './journal-rig.ts';

let dir: string;
let secrets: MemorySecretStore;
beforeEach(async () => ({ dir, secrets } = await freshJournalFolder()));
afterEach(() => removeJournalFolder(dir));

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

  it('counts a journal as in use while its lock is held, whatever its file times say', async () => {
    const journal = await new JournalStore({ dir, secrets }).create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1));
    const other = new JournalStore({ dir, secrets }); // another owner: `scribe recover`, the app
    // Written an hour "ago" or an hour "from now" (a clock set wrong): the lock decides, not the times.
    for (const hours of [-1, 1]) {
      const at = (Date.now() + hours * 3_600_000) / 1000;
      await fs.utimes(journal.path, at, at);
      expect(await other.inUse(journal.id)).toBe(true);
    }
    expect(await other.claim(journal.id)).toBe(false);
    expect(await other.inUse('no-such-journal')).toBe(false);
  });

  it("a lock left by a process that is gone (or by this pid's dead namesake) holds nothing", async () => {
    const store = new JournalStore({ dir, secrets });
    const journal = await store.create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1));
    journal.close();
    // The same journal as a process that died left it: its files in a folder nobody here holds a lock in.
    const copy = join(dir, '..', 'copy');
    await fs.mkdir(copy, { mode: 0o700 });
    for (const suffix of ['.journal', '.meta.json'])
      await fs.copyFile(join(dir, `${journal.id}${suffix}`), join(copy, `${journal.id}${suffix}`));
    const lock = join(copy, `${journal.id}.lock`);
    // ...its lock names a pid no process has now (the kernel's limit is far below 4194304 + 1).
    await fs.writeFile(lock, `${String(4_194_305).padStart(10, '0')} ${'7'.padStart(12, '0')}\n`);
    const other = new JournalStore({ dir: copy, secrets });
    expect(await other.inUse(journal.id)).toBe(false);
    // After a restart this process may carry the dead owner's pid: still not in use.
    await fs.writeFile(lock, `${String(process.pid).padStart(10, '0')} ${'7'.padStart(12, '0')}\n`);
    expect(await other.inUse(journal.id)).toBe(false);
    expect(await other.claim(journal.id)).toBe(true);
    await other.shred(journal.id);
    expect(await fs.readdir(copy)).toEqual([]);
  });

  it('recovers the authenticated prefix of a torn, zero-filled or damaged tail and says the end was cut', async () => {
    const store = new JournalStore({ dir, secrets });
    const journal = await store.create('dictate', ['main'], {});
    for (let i = 0; i < 3; i++) await journal.appendAudio(0, i, markerChunk(i + 1));
    const raw = await fs.readFile(journal.path);
    expect((await store.recover(journal.id)).tailCut).toBe(false);
    const tails = [
      raw.subarray(0, 20), // a crash mid-write
      Buffer.alloc(4096), // zeros a power cut left after the last record
      Buffer.alloc(4096, 0xff), // garbage with an impossible length
    ];
    for (const tail of tails) {
      await fs.writeFile(journal.path, Buffer.concat([raw, tail]));
      const recovered = await store.recover(journal.id);
      expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([1, 2, 3]);
      expect(recovered.tailCut).toBe(true);
    }
    const damaged = Buffer.from(raw);
    damaged[damaged.length - 5]! ^= 0xff; // the last record no longer authenticates
    await fs.writeFile(journal.path, damaged);
    const recovered = await store.recover(journal.id);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([1, 2]);
    expect(recovered.tailCut).toBe(true);
    await fs.writeFile(journal.path, Buffer.alloc(4096)); // not even the first record
    await expect(store.recover(journal.id)).rejects.toMatchObject({ code: 'journal_corrupt' });
  });

  it('lists a journal whose sidecar is gone or unreadable, rebuilding the sidecar from its first record', async () => {
    const store = new JournalStore({ dir, secrets, now: () => 5_000 });
    const journal = await store.create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1));
    journal.close();
    const meta = join(dir, `${journal.id}.meta.json`);
    const expected = [{ id: journal.id, session: 'transcribe', createdAt: 5_000, stale: false }];
    for (const broken of ['{"v":1,"id":', '']) {
      await fs.writeFile(meta, broken);
      const restarted = new JournalStore({ dir, secrets, now: () => 6_000 });
      expect(await restarted.listRecoverable()).toEqual(expected);
      expect(JSON.parse(await fs.readFile(meta, 'utf8'))).toMatchObject({ id: journal.id, status: 'active' });
    }
    await fs.unlink(meta);
    const restarted = new JournalStore({ dir, secrets, now: () => 6_000 });
    expect(await restarted.listRecoverable()).toEqual(expected);
    // A finished journal whose sidecar is lost stays finished (never offered for recovery).
    const done = await store.create('transcribe', ['doctor'], {});
    await done.finish();
    await fs.unlink(join(dir, `${done.id}.meta.json`));
    expect(await new JournalStore({ dir, secrets, now: () => 6_000 }).listRecoverable()).toEqual(expected);
    expect(JSON.parse(await fs.readFile(join(dir, `${done.id}.meta.json`), 'utf8'))).toMatchObject({
      status: 'finished',
    });
    await restarted.shred(done.id);
    // Listed, so it can be discarded: its key goes with it.
    await restarted.shred(journal.id);
    expect(secrets.accounts()).toEqual([]);
  });

  it('a sidecar whose journal never got its first record does not keep its key: retention shreds it', async () => {
    const store = new JournalStore({ dir, secrets });
    const journal = await store.create('transcribe', ['doctor'], {});
    journal.close();
    await fs.unlink(journal.path); // a crash inside create, before the first record landed
    await fs.unlink(join(dir, `${journal.id}.lock`));
    const restarted = new JournalStore({ dir, secrets });
    expect(await restarted.listRecoverable()).toEqual([]);
    expect(await restarted.applyRetention()).toEqual([journal.id]);
    expect(secrets.accounts()).toEqual([]);
    expect(await fs.readdir(dir)).toEqual([]);
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
      appendFileSync: undefined, // every write through the appendFile below
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
    let appends = 0;
    const countingFs: JournalFs = {
      ...nodeJournalFs,
      appendFileSync: undefined, // every write through the appendFile below
      appendFile: async (p, d, m) => (appends++, nodeJournalFs.appendFile(p, d, m)),
    };
    const store = new JournalStore({ dir, secrets, fs: countingFs });
    const journal = await store.create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, markerChunk(1));
    await store.shred(journal.id);
    const appendsBefore = appends;
    await expect(journal.appendAudio(0, 1, markerChunk(2))).rejects.toMatchObject({ code: 'journal_failed' });
    journal.checkpoint({ kind: 'released', stream: 0, before: 1 });
    expect(journal.pendingRecords).toBe(0); // refused at once, not queued for later
    // The writer starts on setImmediate: this turn comes after any write the checkpoint could have started.
    await new Promise((r) => setImmediate(r));
    expect(appends).toBe(appendsBefore);
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

  it('flushes appends to the device at checkpoints (about once a second, not per write) and at finish', async () => {
    const synced: number[] = [];
    const spyFs: JournalFs = {
      ...nodeJournalFs,
      sync: async (path) => {
        synced.push(performance.now());
        await nodeJournalFs.sync!(path);
      },
    };
    const store = new JournalStore({ dir, secrets, fs: spyFs });
    const journal = await store.create('transcribe', ['doctor'], {});
    const started = performance.now();
    for (let i = 0; i < 30; i++) await journal.appendAudio(0, i, markerChunk(i + 1));
    await vi.waitFor(() => expect(synced.length).toBeGreaterThan(0));
    expect(synced[0]! - started).toBeLessThan(3_000); // about a second, with room for a loaded machine
    expect(synced.length).toBeLessThanOrEqual(2); // 31 writes, not 31 flushes
    const before = synced.length;
    await journal.appendAudio(0, 30, markerChunk(31));
    await journal.finish();
    expect(synced.length).toBe(before + 1); // the finish record is on the device when finish resolves
  });
});
