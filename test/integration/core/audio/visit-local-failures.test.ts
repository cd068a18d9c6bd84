/**
 * A visit and the computer it runs on: a keychain that is locked or out of reach refuses Start with its
 * own words and leaves nothing behind; a full disk (a real tmpfs, mounted for the test: needs root) never
 * stops the visit: it records with the audio in memory, says so on screen, ends in bounded time with the
 * whole transcript, and says its audio could not be kept. The real local service, real loopback sockets.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { createLiveTranscriber } from '../../../../main/features/visit/live-transcriber.ts';
import { VisitRecorder } from '../../../../main/features/visit/visit-recorder.ts';
import { formatError } from '../../../../preload/words/index.ts';
import type { VisitState } from '../../../../preload/contract/index.ts';
import { readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import {
  expectedSentences,
  FAST_TIMINGS,
  startStreamingHarness,
  type StreamingHarness,
} from '../streaming/harness.ts';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

let h: StreamingHarness;
let home: string;
beforeAll(async () => {
  h = await startStreamingHarness();
  home = await mkdtemp(join(tmpdir(), 'visit-local-'));
});
afterAll(async () => {
  await h?.close();
  await rm(home, { recursive: true, force: true });
});

function visit(journals: JournalStore, pace: 'fast' | 'realtime') {
  const transcriber = createLiveTranscriber({ baseUrl: h.baseUrl, tokens: h.server, journals });
  const states: VisitState[] = [];
  const recorder = new VisitRecorder((channel, payload) => {
    if (channel === 'visit:state') states.push(payload as VisitState);
  });
  const clinician = new FakeAudioSource({ samples: readFixtureSamples('visit.wav'), pace });
  const started = recorder.start(
    { locales: ['ENGLISH_US'] },
    { kind: 'devices', clinician, patient: null },
    transcriber,
  );
  return { recorder, states, started };
}

const said = (recorder: VisitRecorder): string[] => recorder.transcript.finalInputs().map((i) => i.text);

describe('a locked or missing keychain at Start', () => {
  it.each([
    ['keychain_denied', 'keychain_locked', /keychain is locked/],
    ['keychain_unavailable', 'keychain_unavailable', /keychain cannot be reached/],
  ] as const)('%s: refused as %s, with its own words; no file, no key', async (failure, code, words) => {
    const secrets = new MemorySecretStore();
    secrets.failWith(failure);
    const dir = join(home, `journals-${failure}`);
    const { recorder, started } = visit(new JournalStore({ dir, secrets }), 'fast');
    await expect(started).rejects.toMatchObject({ code });
    expect(recorder.state.error).toEqual({ code });
    expect(formatError(recorder.state.error!)).toMatch(words);
    expect(formatError(recorder.state.error!)).not.toMatch(/service could not be reached/);
    secrets.failWith(undefined);
    expect(secrets.accounts()).toEqual([]);
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });
});

describe.skipIf(!isRoot)('a full disk during a visit (real tmpfs; skipped unless root)', () => {
  let mount: string;
  beforeAll(async () => {
    mount = join(home, 'disk');
    await mkdir(mount);
  });
  afterEach(async () => {
    h.streaming.timings.recognitionLatencyMs = FAST_TIMINGS.recognitionLatencyMs;
    await run('umount', [mount]).catch(() => undefined);
  });

  async function mountTmpfs(size: string, full: boolean): Promise<string> {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', mount]);
    const dir = join(mount, 'journals');
    await mkdir(dir, { mode: 0o700 });
    if (full) {
      const handle = await open(join(mount, 'filler'), 'w');
      try {
        for (;;) await handle.write(Buffer.alloc(4096, 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        await handle.close();
      }
    }
    return dir;
  }

  it('full from the start: records in memory with a warning, ends with the whole transcript', async () => {
    const secrets = new MemorySecretStore();
    const dir = await mountTmpfs('64k', true);
    const { recorder, states, started } = visit(new JournalStore({ dir, secrets }), 'fast');
    await started;
    expect(states.some((s) => s.disk === 'full' && !s.nothingLost)).toBe(true);
    // The fast recording may have run out while connecting: once it is all sent, End as a clinician would.
    const chunks = Math.ceil(readFixtureSamples('visit.wav').length / 1_600);
    await vi.waitFor(() =>
      expect(h.streaming.sockets.at(-1)?.chunksByStream.room ?? 0).toBeGreaterThanOrEqual(chunks),
    );
    if (recorder.state.phase === 'recording') await recorder.end();
    await vi.waitFor(() => expect(recorder.state.phase).toBe('ended'), { timeout: 30_000 });
    expect(recorder.state.disk).toBe('not_kept');
    expect(said(recorder)).toEqual(expectedSentences('visit.wav').map((s) => s.text));
    expect(secrets.accounts()).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  }, 40_000);

  it('filling midway, then a network drop: replayed from memory, ends in bounded time, whole transcript', async () => {
    const secrets = new MemorySecretStore();
    const dir = await mountTmpfs('80k', false);
    h.streaming.timings.recognitionLatencyMs = 1_500;
    const journals = new JournalStore({ dir, secrets, retryMs: 200 });
    const before = h.streaming.sockets.length;
    const { recorder, states, started } = visit(journals, 'realtime');
    await started;
    await vi.waitFor(() => expect(recorder.state.disk).toBe('full'));
    expect(states.some((s) => s.phase === 'recording' && !s.nothingLost)).toBe(true);
    h.streaming.terminateAll(); // the network drops after the disk filled
    await vi.waitFor(() => expect(recorder.state.phase).toBe('ended'), { timeout: 40_000 });
    expect(h.streaming.sockets.length).toBeGreaterThan(before + 1);
    expect(recorder.state.disk).toBe('not_kept');
    expect(said(recorder)).toEqual(expectedSentences('visit.wav').map((s) => s.text));
    // Nothing to recover (the visit ended), and discarding it leaves no key behind.
    expect(await journals.listRecoverable()).toEqual([]);
    await recorder.discard();
    expect(secrets.accounts()).toEqual([]);
  }, 60_000);
});
