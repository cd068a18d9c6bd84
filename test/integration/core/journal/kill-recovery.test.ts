/**
 * A killed visit is recovered from the journal: `scribe transcribe` (and `scribe dictate`) run as real
 * child processes against the local service, are SIGKILLed while acknowledged audio still waits for its
 * final text, and `scribe recover` sends what the journal kept. Real parts: the OS keychain (the journal's
 * key), the file system, the CLI processes, loopback WebSockets.
 */
import { appendFile, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeychainSecretStore } from '../../../../native/keychain-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import type { RecoveredSession } from '../../../../main/core/journal/journal-replay.ts';
import { FIXTURE_DIR } from '../../../fixtures/audio/manifest.ts';
import {
  expectedSentences,
  expectTranscript,
  FAST_TIMINGS,
  startStreamingHarness,
  until,
  type StreamingHarness,
} from '../streaming/harness.ts';
import { cliEnv, startScribe, type Run } from '../../shells/cli/scribe-run.ts';

/** The CLI with the sound server and the keychain's session bus. */
const scribe = (args: string[], env: Record<string, string>) =>
  startScribe(args, env, ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS']);

const CHUNK_MS = 100;
/** Recognition slower than the kill comes after the last complete sentence: its final text is pending. */
const SLOW_RECOGNITION_MS = 2_500;

let h: StreamingHarness;
let env: Record<string, string>;
let journals: JournalStore;
let dataDir: string;
beforeAll(async () => {
  h = await startStreamingHarness();
  dataDir = await mkdtemp(join(tmpdir(), 'scribe-kill-'));
  env = { ...(await cliEnv(h, dataDir)), SCRIBE_DATA_DIR: dataDir };
  // The same folder and keychain entries the CLI uses: the test reads what the killed process captured.
  journals = new JournalStore({ dir: join(dataDir, 'journals'), secrets: new KeychainSecretStore() });
});
afterAll(() => h?.close());

/** Starts a command at real-time pace and SIGKILLs it once the service has received `chunks` chunks. */
async function killAfter(args: string[], chunks: number): Promise<{ id: string; sent: number }> {
  const before = h.streaming.sockets.length;
  h.streaming.timings.recognitionLatencyMs = SLOW_RECOGNITION_MS;
  const { child, done } = scribe(args, env);
  const received = (): number =>
    Object.values(h.streaming.sockets[before]?.chunksByStream ?? {}).reduce((a, b) => a + b, 0);
  await until(() => received() >= chunks, `${chunks} chunks`);
  child.kill('SIGKILL');
  const run = await done;
  h.streaming.timings.recognitionLatencyMs = FAST_TIMINGS.recognitionLatencyMs;
  expect(run.signal).toBe('SIGKILL');
  expect(h.streaming.sockets.length).toBe(before + 1); // one socket, never ended
  expect(h.streaming.sockets[before]!.framesByType.END).toBeUndefined();
  const recoverable = await journals.listRecoverable();
  expect(recoverable).toHaveLength(1);
  return { id: recoverable[0]!.id, sent: received() };
}

/** Chunks the killed process journaled (captured), which is at least what it sent. */
function capturedChunks(recovered: RecoveredSession): number {
  return Math.max(...recovered.uncovered.map((c) => c.index + 1), ...recovered.releasedBefore);
}

/** `scribe recover --list`, then `scribe recover [--json]` right away. */
async function listThenRecover(id: string, json: boolean): Promise<Run> {
  const list = await scribe(['recover', '--list'], env).done;
  expect(list.code).toBe(0);
  expect(list.stderr).toBe('');
  expect(list.stdout).toMatch(
    new RegExp(`^${id}  (transcribe|dictate)  \\d{4}-\\d\\d-\\d\\dT[^ ]+Z( {2}in-use)?\\n$`),
  );
  // At once: the killed process's lock holds nothing (no waiting out a window of file times).
  const socketsBefore = h.streaming.sockets.length;
  const run = await scribe(['recover', ...(json ? ['--json'] : [])], env).done;
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(h.streaming.sockets.length).toBe(socketsBefore + 1);
  expect(h.streaming.sockets[socketsBefore]!.framesByType.END).toBe(1);
  return run;
}

/** The journal file, its sidecar and its keychain key are all gone. */
async function expectShredded(id: string): Promise<void> {
  expect((await readdir(join(dataDir, 'journals'))).filter((name) => name.startsWith(id))).toEqual([]);
  expect(await new KeychainSecretStore().get(`journal.${id}`)).toBeUndefined();
  expect(await journals.listRecoverable()).toEqual([]);
}

describe.skipIf(!process.env.REAL_KEYCHAIN)('a killed CLI session is recovered from the journal', () => {
  it('transcribe: every captured sentence once, in order, at its offset; nothing beyond; journal shredded', async () => {
    const all = expectedSentences('visit.wav');
    // Kill 0.9 s after the third sentence ends: its audio is acknowledged, its final text is still pending.
    const killAt = Math.ceil(all[2]!.endMs / CHUNK_MS) + 9;
    const { id, sent } = await killAfter(['transcribe', join(FIXTURE_DIR, 'visit.wav')], killAt);
    const recovered = await journals.recover(id);
    const captured = capturedChunks(recovered);
    // Journal, then socket: every chunk the service received is on disk, however late the kill came.
    expect(captured).toBeGreaterThanOrEqual(sent);
    const expected = all.filter((s) => Math.ceil(s.endMs / CHUNK_MS) <= captured);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(expected.length).toBeLessThan(all.length); // the kill really cut the visit short
    // Some captured sentence had no final text when the process died: only the journal's audio can bring it.
    expect(recovered.finalItems.length).toBeLessThan(expected.length);
    expect(recovered.uncovered.length).toBeGreaterThan(0);

    const run = await listThenRecover(id, true);
    const items = run.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { text: string; speaker_type: string; start_ms: number; end_ms: number },
      );
    expectTranscript(
      items.map((i) => ({
        text: i.text,
        speaker_type: i.speaker_type,
        start_offset_ms: i.start_ms,
        end_offset_ms: i.end_ms,
      })),
      expected,
      'recovered visit',
    );
    const config = h.streaming.sockets.at(-1)!.config as Record<string, unknown>;
    expect(config).toMatchObject({
      speech_locales: ['ENGLISH_US'],
      streams: [{ speaker_type: 'UNSPECIFIED' }],
    });
    await expectShredded(id);
  });

  it('dictate: the captured dictation once, exactly as it would have been inserted; journal shredded', async () => {
    const all = expectedSentences('dictation.wav');
    const killAt = Math.ceil(all[1]!.endMs / CHUNK_MS) + 9;
    const { id, sent } = await killAfter(['dictate', join(FIXTURE_DIR, 'dictation.wav')], killAt);
    const recovered = await journals.recover(id);
    const captured = capturedChunks(recovered);
    // As for transcribe: nothing the service received is missing on disk.
    expect(captured).toBeGreaterThanOrEqual(sent);
    const expected = all.filter((s) => Math.ceil(s.endMs / CHUNK_MS) <= captured);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(expected.length).toBeLessThan(all.length);
    expect(recovered.committedText).toBe(''); // nothing was confirmed by a clean close

    const run = await listThenRecover(id, false);
    expect(run.stdout).toBe(expected.map((s) => s.written).join(''));
    await expectShredded(id);
  });

  it('a zero-filled tail after the kill (a power cut): what is intact is recovered, and the cut is said', async () => {
    const all = expectedSentences('visit.wav');
    const killAt = Math.ceil(all[2]!.endMs / CHUNK_MS) + 9;
    const { id } = await killAfter(['transcribe', join(FIXTURE_DIR, 'visit.wav')], killAt);
    const intact = await journals.recover(id);
    expect(intact.tailCut).toBe(false);
    // The file system had allocated the next block when the power went: 4 KiB of zeros after the records.
    await appendFile(join(dataDir, 'journals', `${id}.journal`), Buffer.alloc(4096));
    const socketsBefore = h.streaming.sockets.length;
    const run = await scribe(['recover'], env).done;
    expect(run.stderr).toMatch(/^scribe: warning: the end of session .+'s journal was cut/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.code).toBe(0);
    expect(h.streaming.sockets[socketsBefore]!.framesByType.END).toBe(1);
    const captured = capturedChunks(intact);
    const expected = all.filter((s) => Math.ceil(s.endMs / CHUNK_MS) <= captured);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(run.stdout).toBe(expected.map((s) => `${s.speaker}: ${s.text}\n`).join(''));
    await expectShredded(id);
  });
});
