/**
 * The streaming CLI commands against the local service, the CLI as shipped (scribe-run.ts: one bundle built
 * per run); the Ctrl+C tests start it as a process of their own so the signal reaches the CLI itself.
 */
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../../fixtures/audio/manifest.ts';
import {
  expectedSentences,
  OFFSET_TOLERANCE_MS,
  startStreamingHarness,
  until,
  type StreamingHarness,
} from '../../core/streaming/harness.ts';
import { cliEnv, scribe as run, startScribe } from './scribe-run.ts';
import { freePort } from '../../../harness/free-port.ts';

/**
 * Sessions are journaled (keys in the OS keychain); without the real keychain (plain `npx vitest`) they run
 * with --no-journal, since the journal note on stderr would otherwise be part of every run.
 */
function journalArgs(args: string[]): string[] {
  const streaming = args[0] === 'transcribe' || args[0] === 'dictate';
  return streaming && !process.env.REAL_KEYCHAIN ? [...args, '--no-journal'] : args;
}

/** What the CLI takes from this process: the sound server and the keychain's session bus too. */
const INHERIT = ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'PULSE_SERVER', 'DBUS_SESSION_BUS_ADDRESS'];

const scribe = (args: string[], env: Record<string, string | undefined>) =>
  run(journalArgs(args), env, { inherit: INHERIT });

/** Starts the CLI and hands back its process, so a SIGINT reaches it. */
const scribeProcess = (args: string[], env: Record<string, string | undefined>) =>
  startScribe(journalArgs(args), env, INHERIT);

const VISIT = join(FIXTURE_DIR, 'visit.wav');
const DICTATION = join(FIXTURE_DIR, 'dictation.wav');
const WRITTEN = expectedSentences('dictation.wav')
  .map((s) => s.written)
  .join('');

let h: StreamingHarness;
let env: Record<string, string>;
beforeAll(async () => {
  h = await startStreamingHarness({
    streaming: { mishearings: [{ phrase: 'aspirin', heard: 'a spring' }] },
  });
  const dir = await mkdtemp(join(tmpdir(), 'scribe-stream-cli-'));
  env = { ...(await cliEnv(h, dir)), SCRIBE_DATA_DIR: dir };
});
afterAll(() => h.close());

describe('scribe transcribe', () => {
  it('prints SPEAKER: text lines in time order, only on stdout', async () => {
    const run = await scribe(['transcribe', VISIT, '--fast'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      expectedSentences('visit.wav')
        .map((s) => `${s.speaker}: ${s.text}\n`)
        .join(''),
    );
  });

  it('prints one JSON object per line with --json, on the session timeline', async () => {
    const run = await scribe(['transcribe', VISIT, '--fast', '--json', '--locale', 'ENGLISH_US'], env);
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const expected = expectedSentences('visit.wav');
    expect(lines.map((l) => Object.keys(l).sort())).toEqual(
      expected.map(() => ['end_ms', 'speaker_type', 'speech_locales', 'start_ms', 'text']),
    );
    // The run's speech locales on each line: `scribe note --evidence` reads the transcript's language there.
    expect(new Set(lines.map((l) => JSON.stringify(l.speech_locales)))).toEqual(new Set(['["ENGLISH_US"]']));
    expect(lines.map((l) => [l.text, l.speaker_type])).toEqual(expected.map((e) => [e.text, e.speaker]));
    lines.forEach((l, i) => {
      expect(Math.abs((l.start_ms as number) - expected[i]!.startMs)).toBeLessThanOrEqual(
        OFFSET_TOLERANCE_MS,
      );
      expect(Math.abs((l.end_ms as number) - expected[i]!.endMs)).toBeLessThanOrEqual(OFFSET_TOLERANCE_MS);
    });
  });

  it('labels every line with --speaker and sends it as the stream speaker type', async () => {
    const before = h.streaming.sockets.length;
    const run = await scribe(['transcribe', VISIT, '--fast', '--speaker', 'DOCTOR'], env);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(5);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .every((l) => l.startsWith('DOCTOR: ')),
    ).toBe(true);
    expect(h.streaming.sockets[before]!.config).toMatchObject({ streams: [{ speaker_type: 'DOCTOR' }] });
  });

  it('refuses HAITIAN_HT with a second locale before connecting: no token, no socket', async () => {
    const sockets = h.streaming.sockets.length;
    const rejected = h.streaming.rejected.length;
    h.service.control.clearRequests();
    const run = await scribe(['transcribe', VISIT, '--locale', 'HAITIAN_HT', '--locale', 'ENGLISH_US'], env);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/Haitian Creole.*Nothing was sent/);
    const twice = await scribe(
      ['transcribe', VISIT, '--locale', 'ENGLISH_US', '--locale', 'ENGLISH_US'],
      env,
    );
    expect(twice.code).toBe(3);
    expect(h.streaming.sockets).toHaveLength(sockets);
    expect(h.streaming.rejected).toHaveLength(rejected);
    expect(h.service.control.requests).toHaveLength(0);
  });

  it('gives up with one line when the service cannot be reached (after its bounded start, not never)', async () => {
    const port = await freePort();
    const run = await scribe(['transcribe', VISIT, '--fast'], {
      ...env,
      SCRIBE_SERVICE_URL: `http://127.0.0.1:${port}`,
    });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/could not be reached.*connection_lost/);
  }, 90_000);

  it('on Ctrl+C stops the audio, ends the stream gracefully and prints what was said so far', async () => {
    const before = h.streaming.sockets.length;
    const { child, done } = scribeProcess(['transcribe', VISIT], env); // real-time pace
    await until(() => (h.streaming.sockets[before]?.chunksByStream.audio ?? 0) >= 20, 'two seconds of audio');
    child.kill('SIGINT');
    const run = await done;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const socket = h.streaming.sockets[before]!;
    expect(socket.framesByType.END).toBe(1);
    const said = expectedSentences('visit.wav').filter((s) => s.endMs <= socket.chunksByStream.audio! * 100);
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(run.stdout).toBe(said.map((s) => `${s.speaker}: ${s.text}\n`).join(''));
  });
});

describe.skipIf(!process.env.REAL_KEYCHAIN)('journal of the streaming commands (real keychain)', () => {
  it('leaves no journal behind after clean ends and Ctrl+C (shredded once the output was printed)', async () => {
    const list = await scribe(['recover', '--list'], env);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toBe('');
    // The earlier tests ran journaled sessions here (the folder exists), and each one shredded its own.
    const names = await readdir(join(env.SCRIBE_DATA_DIR!, 'journals'));
    expect(names.filter((n) => n.endsWith('.journal'))).toEqual([]);
    const recover = await scribe(['recover'], env);
    expect(recover.code).toBe(1);
    expect(recover.stderr).toBe('scribe: recover: there is no unfinished session.\n');
  });

  it('a second Ctrl+C abandons the session, which stays in the journal and is recovered whole', async () => {
    const before = h.streaming.sockets.length;
    const { child, done } = scribeProcess(['transcribe', VISIT], env); // real-time pace
    await until(() => (h.streaming.sockets[before]?.chunksByStream.audio ?? 0) >= 20, 'audio');
    h.streaming.withholdAcks(true); // a stalled service: the graceful end waits (END is not answered)
    try {
      child.kill('SIGINT'); // the first one only stops the audio and ends gracefully...
      await until(() => h.streaming.sockets[before]!.framesByType.END === 1, 'END');
      child.kill('SIGINT'); // ...the second one gives up at once
      const run = await done;
      expect(run.code).toBe(130);
    } finally {
      h.streaming.withholdAcks(false);
    }
    const list = await scribe(['recover', '--list', '--json'], env);
    expect(list.stdout.trim().split('\n')).toHaveLength(1);
    // Its process is gone, so its lock holds nothing: recovered at once.
    const recovered = await scribe(['recover'], env);
    expect(recovered.stderr).toBe('');
    expect(recovered.code).toBe(0);
    const said = expectedSentences('visit.wav').filter((s) => s.endMs <= 2000);
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(recovered.stdout.startsWith(said.map((s) => `${s.speaker}: ${s.text}\n`).join(''))).toBe(true);
  });
});

describe('scribe dictate', () => {
  it('prints the dictated text exactly as inserted, corrected with --async-corrections', async () => {
    const corrected = await scribe(['dictate', DICTATION, '--fast', '--async-corrections'], env);
    expect(corrected.stderr).toBe('');
    expect(corrected.code).toBe(0);
    expect(corrected.stdout).toBe(WRITTEN);
    const plain = await scribe(['dictate', DICTATION, '--fast'], env);
    expect(plain.stdout).toBe(WRITTEN.replace('aspirin', 'a spring'));
  });

  it('continues the --context text, read from a file or standard input, and sends it as text_field_context', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scribe-context-'));
    const file = join(dir, 'field.txt');
    await writeFile(file, 'Known hypertension.');
    const fromFile = async () => scribe(['dictate', DICTATION, '--fast', '--context', file], env);
    const fromStdin = async () => {
      const run = scribeProcess(['dictate', DICTATION, '--fast', '--context', '-'], env);
      run.child.stdin.end('Known hypertension.');
      return run.done;
    };
    for (const dictate of [fromFile, fromStdin]) {
      const before = h.streaming.sockets.length;
      const run = await dictate();
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(` ${WRITTEN.replace('aspirin', 'a spring')}`);
      expect(h.streaming.sockets[before]!.config).toMatchObject({
        dictation_locale: 'ENGLISH_US',
        punctuation_mode: 'EXPLICIT',
        enable_async_corrections: false,
        text_field_context: { text: 'Known hypertension.', selection_start: 19, selection_length: 0 },
      });
    }
  });

  it('never takes the --context text from the command line: an unreadable file is refused before connecting', async () => {
    h.service.control.clearRequests();
    const run = await scribe(['dictate', DICTATION, '--fast', '--context', 'Known hypertension.'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/context file cannot be read \(ENOENT\)/);
    expect(run.stderr).not.toMatch(/hypertension/);
    expect(h.service.control.requests).toHaveLength(0);
  });

  it('refuses a locale dictation does not support, before connecting', async () => {
    h.service.control.clearRequests();
    const run = await scribe(['dictate', DICTATION, '--locale', 'GERMAN_DE'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--locale must be one of ENGLISH_US/);
    expect(h.service.control.requests).toHaveLength(0);
  });
});

describe.skipIf(!process.env.REAL_AUDIO)('scribe devices and --mic (PulseAudio virtual microphone)', () => {
  it('lists the virtual microphone and marks the default', async () => {
    const run = await scribe(['devices'], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('* '))).toEqual(['* virt_mic']);
    expect(run.stdout).not.toMatch(/Monitor of/);
  });

  it('records the microphone until Ctrl+C, then ends the stream cleanly', async () => {
    const before = h.streaming.sockets.length;
    const { child, done } = scribeProcess(['transcribe', '--mic'], env);
    await until(() => (h.streaming.sockets[before]?.chunksByStream.audio ?? 0) >= 10, 'microphone audio');
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(0);
    // The END frame may still be on its way into this process's service when the CLI has exited. On a
    // loaded machine a socket of the run can fail (83011 after 10 s without a chunk, seen at load 20) and
    // the session goes on over a new one: the run ends with one END, on a socket that ended cleanly.
    const ended = () => h.streaming.sockets.slice(before).filter((socket) => socket.framesByType.END);
    await expect.poll(() => ended().length).toBe(1);
    expect(ended()[0]!.framesByType.END).toBe(1);
    expect(ended()[0]!.errorsSent).toEqual([]);
  });
});
