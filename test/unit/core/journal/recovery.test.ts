import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import type { VisitJournal } from '../../../../main/core/journal/journal.ts';
import { resendRecovered, type ResendOptions } from '../../../../main/core/journal/recovery.ts';
import { StreamingError } from '../../../../main/core/streaming/streaming-error.ts';
import { FakePeer, FakeTokens, markerChunk, type FakePeerOptions } from '../streaming/fake-peer.ts';

let dir: string;
let secrets: MemorySecretStore;
let store: JournalStore;
const peers: FakePeer[] = [];
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'recovery-')), 'journals');
  secrets = new MemorySecretStore();
  store = new JournalStore({ dir, secrets });
});
afterEach(async () => {
  for (const p of peers.splice(0)) await p.close();
  await rm(join(dir, '..'), { recursive: true, force: true });
});

/** The folder as the next process sees it (journals open in `store` are never offered for recovery). */
const restarted = () => new JournalStore({ dir, secrets });

const SESSION: ResendOptions['session'] = { reconnect: { baseMs: 5, capMs: 20 }, pingIntervalMs: 0 };

async function peer(options: Partial<FakePeerOptions> = {}) {
  const p = new FakePeer({ acceptedTokens: ['t1'], ...options });
  peers.push(p);
  return { peer: p, connection: { baseUrl: await p.listen(), tokens: new FakeTokens(['t1']) } };
}

/** A final item as the live session journals it (fake-peer sentence k = markers 10k+1 … 10k+10). */
const final = (sentence: number, socket = 1) => ({
  id: `${socket}:i${sentence}-${sentence}`,
  text: `s${sentence}`,
  speakerType: 'DOCTOR',
  locale: 'ENGLISH_US',
  startMs: sentence * 1000,
  endMs: (sentence + 1) * 1000,
  isFinal: true,
});

/** Journals chunks `from`..`to`-1 of a stream with markers (chunk number + 1), as a crashed session left them. */
async function journalAudio(journal: VisitJournal, stream: number, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) await journal.appendAudio(stream, i, markerChunk(i + 1));
}

async function expectShredded(id: string): Promise<void> {
  expect(await restarted().listRecoverable()).toEqual([]);
  expect(await secrets.get(`journal.${id}`)).toBeUndefined();
  expect((await readdir(dir)).filter((n) => n.startsWith(id))).toEqual([]);
}

describe('resendRecovered', () => {
  it('transcription: finals kept, uncovered audio replayed on the old timeline, duplicates merged, journal shredded', async () => {
    const streams = [{ id: 'doctor', speakerType: 'DOCTOR' as const }];
    const journal = await store.create('transcribe', ['doctor'], { speechLocales: ['ENGLISH_US'], streams });
    await journalAudio(journal, 0, 0, 35);
    // s0 and s1 were final; only audio before chunk 10 was covered (the guard keeps s1's audio); s2's audio
    // (chunks 20-29) was sent but its text never came; chunks 30-34 are half a sentence.
    await journal.appendJson({ kind: 'final', item: final(0) });
    await journal.appendJson({ kind: 'final', item: final(1) });
    await journal.appendJson({ kind: 'released', stream: 0, before: 10 });
    const { peer: p, connection } = await peer();

    const result = await resendRecovered(await store.recover(journal.id), connection, {
      journals: store,
      session: SESSION,
    });

    expect(result).toEqual({
      kind: 'transcribe',
      items: [0, 1, 2].map((k) => ({
        text: `s${k}`,
        speaker_type: 'DOCTOR',
        start_offset_ms: k * 1000,
        end_offset_ms: (k + 1) * 1000,
      })),
    });
    expect(p.connections).toHaveLength(1);
    const conn = p.connections[0]!;
    expect(conn.config).toMatchObject({
      speech_locales: ['ENGLISH_US'],
      streams: [{ id: 'doctor', speaker_type: 'DOCTOR' }],
    });
    // Exactly the uncovered audio, in order, from seq 0; nothing invented after the last journaled chunk.
    expect(conn.chunks.map((c) => c.marker)).toEqual(Array.from({ length: 25 }, (_, i) => i + 11));
    expect(conn.chunks.map((c) => c.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(conn.ended).toBe(true);
    await expectShredded(journal.id);
  });

  it('two streams released to different points: the earlier one sets the timeline, the other is padded with silence', async () => {
    const streams = [
      { id: 'doctor', speakerType: 'DOCTOR' as const },
      { id: 'patient', speakerType: 'PATIENT' as const },
    ];
    const journal = await store.create('transcribe', ['doctor', 'patient'], {
      speechLocales: ['ENGLISH_US'],
      streams,
    });
    await journalAudio(journal, 0, 0, 30);
    await journalAudio(journal, 1, 0, 30);
    await journal.appendJson({ kind: 'released', stream: 0, before: 20 });
    await journal.appendJson({ kind: 'released', stream: 1, before: 10 });
    const { peer: p, connection } = await peer();

    const result = await resendRecovered(await store.recover(journal.id), connection, { session: SESSION });

    const chunks = p.connections[0]!.chunks;
    const markers = (stream: string) => chunks.filter((c) => c.streamId === stream).map((c) => c.marker);
    expect(markers('doctor')).toEqual([
      ...Array<number>(10).fill(0),
      ...Array.from({ length: 10 }, (_, i) => i + 21),
    ]);
    expect(markers('patient')).toEqual(Array.from({ length: 20 }, (_, i) => i + 11));
    expect(
      result.kind === 'transcribe' && result.items.map((i) => [i.text, i.speaker_type, i.start_offset_ms]),
    ).toEqual([
      ['s1', 'PATIENT', 1000],
      ['s2', 'DOCTOR', 2000],
      ['s2', 'PATIENT', 2000],
    ]);
    // Without `journals`, disposing of the journal is the caller's business.
    expect((await restarted().listRecoverable()).map((j) => j.id)).toEqual([journal.id]);
  });

  it('dictation: continues after the committed text and the field context, returns committed + resent text', async () => {
    const context = { text: 'Known.', selectionStart: 6, selectionLength: 0 };
    const journal = await store.create('dictate', ['main'], {
      locale: 'ENGLISH_US',
      asyncCorrections: false,
      context,
    });
    await journalAudio(journal, 0, 0, 25);
    await journal.appendJson({ kind: 'text', committed: 'w0 ' });
    await journal.appendJson({ kind: 'released', stream: 0, before: 10 });
    const { peer: p, connection } = await peer({ dictate: true });

    const result = await resendRecovered(await store.recover(journal.id), connection, {
      journals: store,
      session: SESSION,
    });

    expect(result).toEqual({ kind: 'dictate', text: 'w0 w1 ' });
    expect(p.connections[0]!.config).toMatchObject({
      dictation_locale: 'ENGLISH_US',
      enable_async_corrections: false,
      text_field_context: { text: 'Known.w0 ', selection_start: 9, selection_length: 0 },
    });
    expect(p.connections[0]!.chunks.map((c) => c.marker)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 11),
    );
    await expectShredded(journal.id);
  });

  it('with nothing uncovered, returns what the journal holds without connecting, and shreds it', async () => {
    const journal = await store.create('transcribe', ['a'], {
      speechLocales: ['ENGLISH_US'],
      streams: [{ id: 'a', speakerType: 'UNSPECIFIED' }],
    });
    await journalAudio(journal, 0, 0, 10);
    await journal.appendJson({ kind: 'final', item: final(0) });
    await journal.appendJson({ kind: 'released', stream: 0, before: 10 });
    const { peer: p, connection } = await peer();
    const result = await resendRecovered(await store.recover(journal.id), connection, { journals: store });
    expect(result.kind === 'transcribe' && result.items.map((i) => i.text)).toEqual(['s0']);
    expect(p.connections).toHaveLength(0);
    await expectShredded(journal.id);
  });

  it('keeps the journal when the resend fails, so it can be tried again', async () => {
    const journal = await store.create('transcribe', ['a'], {
      speechLocales: ['ENGLISH_US'],
      streams: [{ id: 'a', speakerType: 'UNSPECIFIED' }],
    });
    await journalAudio(journal, 0, 0, 12);
    const { connection } = await peer({ acceptedTokens: ['another'] });
    const failure = await resendRecovered(await store.recover(journal.id), connection, {
      journals: store,
      session: SESSION,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StreamingError);
    expect((failure as StreamingError).code).toBe('unauthorized');
    expect((await restarted().listRecoverable()).map((j) => j.id)).toEqual([journal.id]);
    expect((await store.recover(journal.id)).uncovered).toHaveLength(12);
  });

  it('refuses a journal whose settings it cannot read, before connecting (journal_corrupt, kept)', async () => {
    const journal = await store.create('transcribe', ['a'], { speechLocales: [] });
    await journalAudio(journal, 0, 0, 3);
    const { peer: p, connection } = await peer();
    await expect(
      resendRecovered(await store.recover(journal.id), connection, { journals: store }),
    ).rejects.toMatchObject({ code: 'journal_corrupt' });
    expect(p.connections).toHaveLength(0);
    expect((await restarted().listRecoverable()).map((j) => j.id)).toEqual([journal.id]);
  });
});
