/**
 * A dictation interrupted mid-way (its session aborted, as a crash or a failure leaves it) is listed for
 * recovery and recovered into the box with its whole text, from the journal's kept audio. One that another
 * program still writes (`scribe dictate` beside the app) is neither offered nor sent again nor shredded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journaledDictation } from '../../../../main/features/dictation/dictation-kit.ts';
import { DictationRecovery } from '../../../../main/features/dictation/dictation-recovery.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import {
  expectedSentences,
  fixtureChunks,
  quickSession,
  startStreamingHarness,
  type StreamingHarness,
} from '../../core/streaming/harness.ts';

let h: StreamingHarness;
let dir: string;
beforeAll(async () => {
  h = await startStreamingHarness();
  dir = await mkdtemp(path.join(tmpdir(), 'dictation-recovery-'));
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

describe('dictation recovery', () => {
  it('an interrupted dictation is recovered with every word', async () => {
    const journals = new JournalStore({ dir, secrets: new MemorySecretStore() });
    const connection = () => ({ baseUrl: h.baseUrl, tokens: h.server });
    const open = journaledDictation({
      connection,
      journals,
      locale: () => 'ENGLISH_US',
      asyncCorrections: false,
      session: quickSession(h),
    });
    const opened = await open({});
    await opened.session.start();
    for (const chunk of fixtureChunks('dictation.wav')) opened.session.sendAudio(chunk);
    opened.session.abort(); // the app died before the service turned the audio into text
    opened.keep();
    const recovery = new DictationRecovery(journals, connection, () => true);
    const listed = await recovery.list();
    expect(listed).toHaveLength(1);
    const { text } = await recovery.recover(listed[0]!.id);
    expect(text).toBe(
      expectedSentences('dictation.wav')
        .map((s) => s.written)
        .join(''),
    );
    expect(await recovery.list()).toEqual([]);
  });

  it('a dictation another program still writes is not offered, sent again or shredded', async () => {
    const secrets = new MemorySecretStore();
    const writer = new JournalStore({ dir: path.join(dir, 'busy'), secrets }); // `scribe dictate`
    const app = new JournalStore({ dir: path.join(dir, 'busy'), secrets });
    const journal = await writer.create('dictate', ['main'], {
      locale: 'ENGLISH_US',
      asyncCorrections: false,
    });
    for (let i = 0; i < 5; i++) await journal.appendAudio(0, i, new Int16Array(1600).fill(i + 1));
    const recovery = new DictationRecovery(
      app,
      () => {
        throw new Error('nothing may be sent');
      },
      () => true,
    );
    expect(await recovery.list()).toEqual([]);
    await expect(recovery.forget(journal.id)).rejects.toThrow();
    await expect(recovery.recover(journal.id)).rejects.toThrow();
    for (let i = 5; i < 10; i++) await journal.appendAudio(0, i, new Int16Array(1600).fill(i + 1));
    const kept = await writer.recover(journal.id); // the writer's journal is whole
    expect(kept.id).toBe(journal.id);
    await writer.dispose();
    await app.dispose();
  });
});
