import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { nodeJournalFs, type JournalFs } from '../../../../main/core/journal/journal-fs.ts';
import { TranscribeSession } from '../../../../main/core/streaming/transcribe-session.ts';
import type { ConnectionStatus } from '../../../../main/core/streaming/streaming-session.ts';
import { FakePeer, FakeTokens, markerChunk, until } from './fake-peer.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(fs: JournalFs = nodeJournalFs) {
  const root = await mkdtemp(join(tmpdir(), 'session-journal-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const secrets = new MemorySecretStore();
  const dir = join(root, 'j');
  const store = new JournalStore({ dir, secrets, fs, retryMs: 20 });
  const journal = await store.create('transcribe', ['doctor'], { speechLocales: ['ENGLISH_US'] });
  const peer = new FakePeer({ acceptedTokens: ['t1'] });
  cleanups.push(() => peer.close());
  const baseUrl = await peer.listen();
  const session = new TranscribeSession({
    baseUrl,
    tokens: new FakeTokens(['t1']),
    speechLocales: ['ENGLISH_US'],
    streams: [{ id: 'doctor', speakerType: 'DOCTOR' }],
    journal,
    maxMemoryChunks: 50,
    reconnect: { baseMs: 5, capMs: 20 },
    pingIntervalMs: 0,
  });
  cleanups.push(() => session.abort());
  return { store, journal, peer, session, baseUrl, secrets, dir };
}

describe('TranscribeSession with a journal', () => {
  it('keeps unconfirmed audio in the journal, not in memory, and replays it from there after a drop', async () => {
    const { store, journal, peer, session } = await setup();
    peer.options.recognise = false; // acks arrive, final text does not: nothing may be let go
    const statuses: ConnectionStatus[] = [];
    session.on('connection', (c) => statuses.push(c));
    await session.start();
    const first = await peer.waitForConnections(1);
    for (let i = 0; i < 300; i++) session.sendAudio('doctor', markerChunk(i + 1));
    await until(() => first.chunks.length === 300 && session.audio.memoryChunks <= 50);
    expect(session.unconfirmedMs).toBe(30_000);
    peer.options.recognise = true;
    first.terminate();
    await until(() => session.state === 'reconnecting' || peer.connections.length === 2);
    expect(
      statuses.some((s) => s.state === 'reconnecting' && s.allAudioSafe && s.unconfirmedMs === 30_000),
    ).toBe(true);
    const second = await peer.waitForConnections(2);
    await session.end();
    expect(second.chunks.map((c) => c.marker)).toEqual([...Array(300).keys()].map((i) => i + 1));
    expect(session.finalItems()).toHaveLength(30);
    expect(session.finalItems()[29]).toMatchObject({
      text: 's29',
      start_offset_ms: 29_000,
      end_offset_ms: 30_000,
    });
    expect(await store.listRecoverable()).toEqual([]);
    expect((await store.recover(journal.id)).finished).toBe(true);
  });

  it('on a full disk warns disk_full, keeps streaming, and loses nothing once space returns', async () => {
    let full = false;
    const fullFs: JournalFs = {
      ...nodeJournalFs,
      appendFileSync: undefined, // every write through the appendFile below
      appendFile: async (p, d, m) => {
        if (full) throw Object.assign(new Error('full'), { code: 'ENOSPC' });
        return nodeJournalFs.appendFile(p, d, m);
      },
    };
    const { store, journal, peer, session } = await setup(fullFs);
    peer.options.recognise = false;
    const warnings: string[] = [];
    session.on('warning', (w) => warnings.push(w.code));
    await session.start();
    const conn = await peer.waitForConnections(1);
    full = true;
    for (let i = 0; i < 20; i++) session.sendAudio('doctor', markerChunk(i + 1));
    // The service is the other safe place: sending goes on while the disk refuses (in either order).
    await until(() => conn.chunks.length === 20 && warnings.includes('disk_full'));
    expect(session.connection.allAudioSafe).toBe(false);
    expect(session.connection.journal).toBe('disk_full');
    full = false;
    await until(() => session.connection.allAudioSafe && session.connection.journal === 'ok');
    const recovered = await store.recover(journal.id);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([...Array(20).keys()].map((i) => i + 1));
  });

  it('says all audio is safe throughout a healthy recording (no flicker while a write is on its way), not on a stalled disk', async () => {
    let stall: Promise<void> | undefined;
    const stallingFs: JournalFs = {
      ...nodeJournalFs,
      appendFileSync: undefined, // every write through the appendFile below
      appendFile: async (p, d, m) => {
        await stall;
        return nodeJournalFs.appendFile(p, d, m);
      },
    };
    const { peer, session } = await setup(stallingFs);
    peer.options.recognise = false;
    const unsafe: ConnectionStatus[] = [];
    session.on('connection', (c) => void (c.allAudioSafe || unsafe.push(c)));
    await session.start();
    const conn = await peer.waitForConnections(1);
    // Each chunk is on its way to the disk when it is recorded, and through before the next (a healthy recording).
    for (let i = 0; i < 30; i++) {
      session.sendAudio('doctor', markerChunk(i + 1));
      await until(() => conn.chunks.length === i + 1);
    }
    await until(() => session.connection.allAudioSafe);
    expect(unsafe).toEqual([]);
    // The disk stops answering: past a second of audio behind, the claim is withdrawn.
    let unstall!: () => void;
    stall = new Promise<void>((r) => (unstall = r));
    for (let i = 30; i < 50; i++) session.sendAudio('doctor', markerChunk(i + 1));
    expect(session.connection.allAudioSafe).toBe(false);
    unstall();
    stall = undefined;
    await until(() => session.connection.allAudioSafe);
  });

  it('after a crash mid-visit, recovery yields the finals and the uncovered audio, and the visit resumes on its timeline', async () => {
    const { journal, peer, session, baseUrl, secrets, dir } = await setup();
    await session.start();
    const first = await peer.waitForConnections(1);
    for (let i = 0; i < 45; i++) session.sendAudio('doctor', markerChunk(i + 1));
    await until(() => first.chunks.length === 45 && session.finalItems().length === 4);
    session.abort(); // the process is killed: nothing is finished
    await until(() => session.state === 'closed');

    const store = new JournalStore({ dir, secrets }); // a new process after the crash
    expect((await store.listRecoverable()).map((r) => r.id)).toEqual([journal.id]);
    const recovered = await store.recover(journal.id);
    expect(recovered.finalItems.map((i) => i.text)).toEqual(['s0', 's1', 's2', 's3']);
    const start = Math.min(...recovered.releasedBefore);
    expect(recovered.uncovered[0]!.index).toBe(start);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual(
      [...Array(45 - start).keys()].map((i) => i + start + 1),
    );

    const resumed = new TranscribeSession({
      baseUrl,
      tokens: new FakeTokens(['t1']),
      speechLocales: ['ENGLISH_US'],
      streams: [{ id: 'doctor', speakerType: 'DOCTOR' }],
      pingIntervalMs: 0,
      startIndex: start,
      initialItems: recovered.finalItems,
    });
    cleanups.push(() => resumed.abort());
    await resumed.start();
    for (const chunk of recovered.uncovered) resumed.sendAudio('doctor', chunk.samples);
    for (let i = 45; i < 60; i++) resumed.sendAudio('doctor', markerChunk(i + 1));
    await resumed.end();
    expect(resumed.finalItems().map((i) => [i.text, i.start_offset_ms])).toEqual(
      [0, 1, 2, 3, 4, 5].map((k) => [`s${k}`, k * 1000]),
    );
  });
});
