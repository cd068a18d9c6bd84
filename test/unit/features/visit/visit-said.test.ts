/**
 * What a visit said, read back for the note's evidence: the chunks a line's times cover, of its speaker's
 * stream, from the real journal after the visit finished; released audio included (it stays on disk until
 * the journal is shredded), nothing once it is shredded, nothing without a journal. A visit recovered from
 * its journal by another process (a crash, a torn tail) plays the same samples.
 */
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { recoveredSaid, visitSaid } from '../../../../main/features/visit/visit-said.ts';
import { CHUNK_SAMPLES } from '../../../../main/core/audio/audio-source.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'visit-said-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A chunk whose every sample is `value`. */
const chunk = (value: number) => new Int16Array(CHUNK_SAMPLES).fill(value);

/** A two-stream visit journal (doctor: chunk i is 100 + i, patient: 1000 + i), 20 chunks each, finished. */
async function finishedVisit() {
  const store = new JournalStore({ dir, secrets: new MemorySecretStore() });
  const journal = await store.create('transcribe', ['doctor', 'patient'], {});
  for (let i = 0; i < 20; i++) {
    await journal.appendAudio(0, i, chunk(100 + i));
    await journal.appendAudio(1, i, chunk(1000 + i));
  }
  journal.checkpoint({ kind: 'released', stream: 0, before: 20 });
  await journal.finish();
  return { store, journal };
}

const STREAMS = [{ speakerType: 'DOCTOR' }, { speakerType: 'PATIENT' }] as const;
const firstOfChunks = (audio: Int16Array | null) =>
  audio ? [...Array(audio.length / CHUNK_SAMPLES).keys()].map((c) => audio[c * CHUNK_SAMPLES]) : null;

describe('visitSaid', () => {
  it('reads the chunks a line covers, of its speaker’s stream, after the visit finished', async () => {
    const { journal } = await finishedVisit();
    const said = visitSaid(['ENGLISH_US'], STREAMS, journal);
    expect(said.locales).toEqual(['ENGLISH_US']);
    // 250–520 ms: chunks 2..5 (the last one partly covered is kept whole).
    expect(firstOfChunks(await said.audio('DOCTOR', 250, 520))).toEqual([102, 103, 104, 105]);
    expect(firstOfChunks(await said.audio('PATIENT', 1000, 1200))).toEqual([1010, 1011]);
    // No one stream is the speaker's: both, mixed.
    expect(firstOfChunks(await said.audio('UNSPECIFIED', 0, 100))).toEqual([1100]);
  });

  it('has no audio for times never recorded, once shredded, or without a journal', async () => {
    const { store, journal } = await finishedVisit();
    const said = visitSaid(['ENGLISH_US'], STREAMS, journal);
    expect(await said.audio('DOCTOR', 1900, 2500)).toBeNull(); // chunk 20 was never written
    expect(await said.audio('DOCTOR', 300, 300)).toBeNull();
    await store.shred(journal.id);
    expect(await said.audio('DOCTOR', 0, 500)).toBeNull();
    expect(await visitSaid(['ENGLISH_US'], STREAMS, null).audio('DOCTOR', 0, 500)).toBeNull();
  });

  it('reads one stream for a one-stream visit whoever spoke', async () => {
    const { journal } = await finishedVisit();
    const said = visitSaid(['ENGLISH_US'], [{ speakerType: 'UNSPECIFIED' }], journal);
    expect(firstOfChunks(await said.audio('PATIENT', 0, 200))).toEqual([100, 101]);
  });
});

const SETTINGS = {
  speechLocales: ['ENGLISH_US'],
  streams: [
    { id: 'doctor', speakerType: 'DOCTOR' },
    { id: 'patient', speakerType: 'PATIENT' },
  ],
};

describe('recoveredSaid', () => {
  /** A visit journal left by a crash (unfinished, its end torn): chunk i is 100 + i and 1000 + i. */
  async function crashedVisit(secrets: MemorySecretStore) {
    const journal = await new JournalStore({ dir, secrets }).create(
      'transcribe',
      ['doctor', 'patient'],
      SETTINGS,
    );
    for (let i = 0; i < 20; i++) {
      await journal.appendAudio(0, i, chunk(100 + i));
      await journal.appendAudio(1, i, chunk(1000 + i));
    }
    journal.checkpoint({ kind: 'released', stream: 0, before: 12 });
    await journal.appendAudio(0, 20, chunk(120));
    journal.close(); // the process is gone; a write it was making is cut short
    await appendFile(journal.path, Buffer.from([0, 0, 9, 0, 1, 2, 3]));
    return journal.id;
  }

  it('plays a recovered visit’s lines from its journal, as the live visit did', async () => {
    const secrets = new MemorySecretStore();
    const id = await crashedVisit(secrets);
    const store = new JournalStore({ dir, secrets }); // another run of the app
    const recovered = await store.recover(id);
    expect(recovered.tailCut).toBe(true);
    const said = recoveredSaid(recovered);
    expect(said.locales).toEqual(['ENGLISH_US']);
    const doctor = await said.audio('DOCTOR', 250, 520);
    expect(firstOfChunks(doctor)).toEqual([102, 103, 104, 105]); // released audio stays on disk
    expect(doctor!.every((sample, i) => sample === 102 + Math.floor(i / CHUNK_SAMPLES))).toBe(true);
    expect(firstOfChunks(await said.audio('PATIENT', 1500, 2000))).toEqual([1015, 1016, 1017, 1018, 1019]);
    expect(firstOfChunks(await said.audio('DOCTOR', 2000, 2100))).toEqual([120]);
    await store.shred(id);
    expect(await said.audio('DOCTOR', 0, 500)).toBeNull();
  });

  it('has no audio for a journal whose settings it cannot read', async () => {
    const secrets = new MemorySecretStore();
    const journal = await new JournalStore({ dir, secrets }).create('transcribe', ['doctor'], {});
    await journal.appendAudio(0, 0, chunk(7));
    await journal.finish();
    const said = recoveredSaid(await new JournalStore({ dir, secrets }).recover(journal.id));
    expect(await said.audio('DOCTOR', 0, 100)).toBeNull();
  });
});
