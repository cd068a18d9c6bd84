/**
 * The live adapter's own edges, against a port nothing listens on (the session keeps trying): its events go
 * through the project's Emitter (a listener that throws is reported and the others still hear the event),
 * and with onJournalUnavailable a journal that cannot be created lets the session run without one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { createLiveTranscriber } from '../../../../main/features/visit/live-transcriber.ts';
import type { LiveHealth, LiveSession } from '../../../../main/features/visit/ports.ts';
import { freePort } from '../../../harness/free-port.ts';

let dir: string;
let session: LiveSession | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'live-adapter-'));
});
afterEach(async () => {
  await session?.abort();
  session = undefined;
  await rm(dir, { recursive: true, force: true });
});

const TOKENS = { caller: 'server' as const, token: async () => 'token', renew: async () => 'token' };

async function* never(): AsyncGenerator<Int16Array> {
  yield new Int16Array(1_600);
  await new Promise(() => undefined);
}

describe('live adapter', () => {
  it('reports a listener that throws and still tells the other listeners', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => warnings.push(warning.code ?? '');
    process.on('warning', onWarning);
    try {
      const baseUrl = new URL(`http://127.0.0.1:${await freePort()}`);
      session = await createLiveTranscriber({ baseUrl, tokens: TOKENS }).start({
        locales: ['ENGLISH_US'],
        streams: [{ id: 'room', speakerType: 'UNSPECIFIED', chunks: never() }],
      });
      session.started.catch(() => undefined);
      const heard: LiveHealth[] = [];
      session.onDidHealth(() => {
        throw new Error('a buggy listener');
      });
      session.onDidHealth((health) => heard.push(health));
      await vi.waitFor(() => expect(heard.some((h) => h.health === 'reconnecting')).toBe(true));
      await vi.waitFor(() => expect(warnings).toContain('SCRIBE_LISTENER_ERROR'));
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('runs without a journal when the caller takes the refusal (the CLI), and says why', async () => {
    const blocked = join(dir, 'not-a-folder');
    await writeFile(blocked, 'a file where the journal folder should be');
    const journals = new JournalStore({ dir: join(blocked, 'journals'), secrets: new MemorySecretStore() });
    const refused: unknown[] = [];
    const baseUrl = new URL(`http://127.0.0.1:${await freePort()}`);
    const options = { baseUrl, tokens: TOKENS, journals };
    const start = (transcriber: ReturnType<typeof createLiveTranscriber>) =>
      transcriber.start({
        locales: ['ENGLISH_US'],
        streams: [{ id: 'room', speakerType: 'UNSPECIFIED', chunks: never() }],
      });
    // The app refuses Start: the clinician must know before speaking.
    await expect(start(createLiveTranscriber(options))).rejects.toMatchObject({
      code: 'journal_unavailable',
    });
    session = await start(
      createLiveTranscriber({ ...options, onJournalUnavailable: (e) => refused.push(e) }),
    );
    session.started.catch(() => undefined);
    expect(refused).toHaveLength(1);
    expect(session.keep()).toBe(false); // nothing on disk to offer for recovery
  });
});
