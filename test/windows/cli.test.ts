/**
 * The CLI as one file (dist/cli/scribe.cjs, from `npm run build`) under the Windows Node, end to end
 * against the local service (started in this process, as the Linux CLI tests do): doctor, transcribe of a
 * WAV with the journal on (its key in Credential Manager, the journal in %LOCALAPPDATA%), a transcribe
 * killed with TerminateProcess and then recovered, dictate --insert paste|type into a Win32 EDIT of another
 * process, and audit verify. No SCRIBE_DATA_DIR: the account's own data folders are used.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultJournalDir } from '../../main/core/config/paths.ts';
import { FIXTURE_DIR } from '../fixtures/audio/manifest.ts';
import {
  expectedSentences,
  startStreamingHarness,
  type StreamingHarness,
} from '../integration/core/streaming/harness.ts';
import { eventually, TargetProcess } from './support/target.ts';

const CLI = join(__dirname, '..', 'dist', 'cli', 'scribe.cjs');
const SHIM = join(__dirname, '..', 'keepalive-shim.cjs');
const VISIT = join(FIXTURE_DIR, 'visit.wav');
const DICTATION = join(FIXTURE_DIR, 'dictation.wav');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let h: StreamingHarness;
let env: Record<string, string | undefined>;

/** Starts `node.exe [shim] scribe.cjs …`: Windows to Windows, so its pipes work. */
function scribeProcess(args: string[]) {
  const child = spawn(process.execPath, ['--require', SHIM, CLI, ...args], { env, windowsHide: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run>((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr })),
  );
  return { child, done };
}
const scribe = (...args: string[]) => scribeProcess(args).done;

before(async () => {
  h = await startStreamingHarness();
  const dir = await mkdtemp(join(tmpdir(), 'scribe-cli-'));
  await writeFile(join(dir, 'key.pem'), h.staticPem);
  env = {
    ...process.env,
    SCRIBE_SERVICE_URL: h.service.url,
    SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
    SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
  };
});
after(() => h.close());

describe('dist/cli/scribe.cjs under the Windows Node', () => {
  it('--help prints the usage', async () => {
    const run = await scribe('--help');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^usage: scribe <command>/);
  });

  it('doctor passes every check against the local service', async () => {
    const run = await scribe('doctor');
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^ok\s+configuration/m);
    assert.match(run.stdout, /^ok\s+Sign-in: Signed in with organization server credentials/m);
  });

  it('transcribes a WAV with the journal on, leaving no journal after a clean end', async () => {
    const run = await scribe('transcribe', VISIT, '--fast');
    assert.equal(run.code, 0, run.stderr);
    const lines = expectedSentences('visit.wav').map((s) => `${s.speaker}: ${s.text}\n`);
    assert.equal(run.stdout, lines.join(''));
    const left = await readdir(defaultJournalDir()).catch(() => []);
    assert.deepEqual(
      left.filter((n) => n.endsWith('.journal')),
      [],
    );
  });

  it('recovers a transcribe that was killed (TerminateProcess) from its journal', async () => {
    const before = h.streaming.sockets.length;
    const { child, done } = scribeProcess(['transcribe', VISIT]); // real-time pace
    // 100 ms chunks: past the end of the first sentence, plus a second for its transcript to be journaled.
    const chunks = Math.ceil(expectedSentences('visit.wav')[0]!.endMs / 100) + 10;
    const sent = () => (h.streaming.sockets[before]?.chunksByStream.audio ?? 0) >= chunks;
    assert.equal(await eventually(() => Promise.resolve(sent()), true, 30_000), true, 'audio sent');
    child.kill('SIGKILL');
    await done;
    const journals = (await readdir(defaultJournalDir())).filter((n) => n.endsWith('.journal'));
    assert.equal(journals.length, 1, 'the killed session left its journal in %LOCALAPPDATA%');
    const recovered = await scribe('recover');
    assert.equal(recovered.code, 0, recovered.stderr);
    const said = expectedSentences('visit.wav')[0]!;
    assert.ok(
      recovered.stdout.startsWith(`${said.speaker}: ${said.text}\n`),
      'the first sentence is recovered',
    );
  });

  for (const mode of ['type', 'paste'] as const) {
    it(`dictate --insert ${mode} writes into a Win32 EDIT of another process`, async () => {
      const target = await TargetProcess.start();
      try {
        const w = await target.open('edit');
        await target.focus(w);
        const run = await scribe('dictate', DICTATION, '--fast', '--insert', mode);
        assert.equal(run.code, 0, run.stderr);
        const written = expectedSentences('dictation.wav')
          .map((s) => s.written)
          .join('');
        assert.equal(await eventually(() => target.text(w), written), written);
        assert.equal(run.stdout, written, 'stdout has the same text');
      } finally {
        await target.stop();
      }
    });
  }

  it('audit verify: the trail the CLI wrote is intact', async () => {
    const run = await scribe('audit', 'verify');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /intact/);
  });
});
