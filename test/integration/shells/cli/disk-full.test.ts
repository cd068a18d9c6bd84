/**
 * `scribe transcribe` with its journal on a real full file system: a tmpfs mounted for the test (needs
 * root; skipped with the reason otherwise), the real keychain, the CLI as a child process against the local
 * service. A full disk must never cost the transcript nor keep the visit from ending: one warning line on
 * stderr, the whole transcript on stdout, exit 0, and nothing left behind on the disk or in the keychain.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../../fixtures/audio/manifest.ts';
import {
  expectedSentences,
  FAST_TIMINGS,
  startStreamingHarness,
  until,
  type StreamingHarness,
} from '../../core/streaming/harness.ts';
import { cliEnv, startScribe } from './scribe-run.ts';

/** The CLI with the sound server and the keychain's session bus. */
const scribe = (args: string[], env: Record<string, string>) =>
  startScribe(args, env, ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS']);

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;
const canRun = isRoot && Boolean(process.env.REAL_KEYCHAIN);
if (!isRoot) console.warn('disk-full tests skipped: mounting a tmpfs needs root');

const VISIT = join(FIXTURE_DIR, 'visit.wav');
const WARNING =
  /^scribe: warning: the disk is full: the audio is kept in memory until the service has transcribed it/;

/** Fills the file system at `dir` to the last byte with one file. */
async function fill(dir: string): Promise<void> {
  const handle = await open(join(dir, 'filler'), 'w');
  const block = Buffer.alloc(4096, 1);
  try {
    for (;;) await handle.write(block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await handle.close();
  }
}

/** Journal keys in the keychain under the CLI's service name. */
async function journalKeys(): Promise<number> {
  const { stdout, stderr } = await run('secret-tool', ['search', '--all', 'service', 'scribe-desktop']).catch(
    (error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
  return (`${stdout}\n${stderr}`.match(/attribute\.account = journal\./g) ?? []).length;
}

let h: StreamingHarness;
let mount: string;
let env: Record<string, string>;
beforeAll(async () => {
  if (!canRun) return;
  h = await startStreamingHarness();
  const home = await mkdtemp(join(tmpdir(), 'scribe-disk-'));
  mount = join(home, 'data');
  await mkdir(mount);
  env = { ...(await cliEnv(h, home)), SCRIBE_DATA_DIR: mount };
});
afterAll(() => h?.close());
afterEach(async () => {
  if (!canRun) return;
  h.streaming.timings.recognitionLatencyMs = FAST_TIMINGS.recognitionLatencyMs;
  await run('umount', [mount]).catch(() => undefined);
});

async function mountTmpfs(size: string): Promise<void> {
  await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', mount]);
  await mkdir(join(mount, 'journals'), { mode: 0o700 });
}

const transcript = (): string =>
  expectedSentences('visit.wav')
    .map((s) => `${s.speaker}: ${s.text}\n`)
    .join('');

describe.skipIf(!canRun)('scribe transcribe on a full disk (real tmpfs)', () => {
  it('full from the start: one warning line, the whole transcript, exit 0; no temp file, no orphan key', async () => {
    await mountTmpfs('64k');
    await fill(mount);
    const keys = await journalKeys();
    const result = await scribe(['transcribe', VISIT, '--fast'], env).done;
    // The audit trail lives on the same full disk: it says so in a note of its own.
    const lines = result.stderr.trim().split('\n');
    expect(lines.filter((line) => !/audit trail: cli_command could not be recorded/.test(line))).toHaveLength(
      1,
    );
    expect(result.stderr).toMatch(WARNING);
    expect(result.stdout).toBe(transcript());
    expect(result.code).toBe(0);
    expect(await readdir(join(mount, 'journals'))).toEqual([]);
    expect(await journalKeys()).toBe(keys);
  }, 60_000);

  it('filling midway, then a network drop: the replay comes from memory, the visit ends, exit 0', async () => {
    // Room for the sidecar, the lock and about 2 s of audio.
    await mountTmpfs('80k');
    // Recognition lags: the drop cuts acknowledged audio whose final text has not come yet.
    h.streaming.timings.recognitionLatencyMs = 1_500;
    const before = h.streaming.sockets.length;
    const { done } = scribe(['transcribe', VISIT], env); // real-time pace
    const received = (): number => h.streaming.sockets[before]?.chunksByStream.audio ?? 0;
    // The disk is full well before the 6th second (~25 chunks fit); then the network drops.
    await until(() => received() >= 60, '6 s of audio');
    const free = await statfs(mount);
    expect(free.bavail * free.bsize).toBeLessThan(4096);
    h.streaming.terminateAll();
    const result = await done;
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(WARNING);
    expect(result.stdout).toBe(transcript());
    expect(result.code).toBe(0);
    expect(h.streaming.sockets.length).toBeGreaterThan(before + 1); // it did reconnect and replay
    // The CLI shreds its journal once it has printed; nothing stays on the full disk.
    expect(await readdir(join(mount, 'journals'))).toEqual([]);
  }, 60_000);
});

afterAll(async () => {
  if (mount) await rm(join(mount, '..'), { recursive: true, force: true }).catch(() => undefined);
});
