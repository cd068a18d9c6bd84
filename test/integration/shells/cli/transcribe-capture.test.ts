/**
 * `scribe transcribe` runs the app's visit capture path (main/features/visit/headless-visit.ts: VisitInputs' metered
 * tap, AudioCapture, the live transcriber), not a pump of its own: an input that stays silent for 10 s is
 * one warning line on stderr, as the Visit screen warns "no sound from the microphone". Only the tap's
 * silence detector knows this, so a CLI that bypassed the capture path could not pass. The CLI runs as a
 * child process against the local service.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamingHarness, type StreamingHarness } from '../../core/streaming/harness.ts';
import { cliEnv, scribe as run, type Run } from './scribe-run.ts';

/** The CLI with the sound server and the keychain's session bus. */
const scribe = (args: string[], env: Record<string, string>): Promise<Run> =>
  run(args, env, { inherit: ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS'] });

/** A 16 kHz mono 16-bit PCM WAV of `seconds` of digital silence, then `toneSeconds` of a 440 Hz tone. */
function wav(seconds: number, toneSeconds = 0): Buffer {
  const rate = 16_000;
  const samples = Math.round((seconds + toneSeconds) * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = Math.round(seconds * rate); i < samples; i++)
    data.writeInt16LE(Math.round(8_000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const NO_SOUND =
  /^scribe: warning: no sound from the audio input for 10 seconds; check that the microphone is not muted or unplugged\.\n$/;

let h: StreamingHarness;
let env: Record<string, string>;
let dir: string;
beforeAll(async () => {
  h = await startStreamingHarness();
  dir = await mkdtemp(join(tmpdir(), 'scribe-capture-cli-'));
  env = { ...(await cliEnv(h, dir)), SCRIBE_DATA_DIR: dir };
});
afterAll(() => h?.close());

describe('scribe transcribe goes through the visit capture path', () => {
  it('warns once on stderr when the input stays silent for 10 seconds, and still ends cleanly', async () => {
    const silent = join(dir, 'silent.wav');
    await writeFile(silent, wav(12));
    const before = h.streaming.sockets.length;
    const run = await scribe(['transcribe', silent, '--fast', '--no-journal'], env);
    expect(run.stderr).toMatch(NO_SOUND);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    // Every chunk of the file went to the service, and the stream was ended, not cut.
    expect(h.streaming.sockets[before]!.chunksByStream.audio).toBe(120);
    expect(h.streaming.sockets[before]!.framesByType.END).toBe(1);
  });

  it('says nothing when the silence is shorter than 10 seconds', async () => {
    const short = join(dir, 'short.wav');
    await writeFile(short, wav(8, 1));
    const run = await scribe(['transcribe', short, '--fast', '--no-journal'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
