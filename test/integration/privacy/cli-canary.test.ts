/**
 * The streaming CLI commands keep patient data where it belongs: `scribe transcribe` / `scribe dictate`
 * print the transcript (here carrying a canary) on stdout only; when the stream fails (an error frame whose
 * message or name echoes patient data, a token the service stops accepting) stderr is one line without any
 * canary. The CLI runs as a child process against the local service in this process.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketRecord } from '../../service/index.ts';
import { FIXTURE_DIR } from '../../fixtures/audio/manifest.ts';
import {
  expectedSentences,
  startStreamingHarness,
  type StreamingHarness,
} from '../core/streaming/harness.ts';
import { KeychainSecretStore } from '../../../native/keychain-secret-store.ts';
import { JournalStore } from '../../../main/core/journal/journal-store.ts';
import {
  bytesHaveCanary,
  CANARY_ERROR,
  CANARY_PHRASE,
  canaryRecognizer,
  hasCanary,
  readTree,
} from './canary-kit.ts';
import { cliEnv, scribe as run, type Run } from '../shells/cli/scribe-run.ts';

/** The CLI with the sound server and the keychain's session bus. */
const scribe = (args: string[], env: Record<string, string>): Promise<Run> =>
  run(args, env, { inherit: ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS'] });

const VISIT = join(FIXTURE_DIR, 'visit.wav');
const DICTATION = join(FIXTURE_DIR, 'dictation.wav');
const TRANSCRIPT_LINE = /^(DOCTOR|PATIENT|UNSPECIFIED): /;

let h: StreamingHarness;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  h = await startStreamingHarness({ streaming: { recognizer: canaryRecognizer() } });
  dir = await mkdtemp(join(tmpdir(), 'privacy-cli-'));
  // The CLI journals its sessions in data/ (when the keychain is there); checked at the end.
  env = { ...(await cliEnv(h, dir)), SCRIBE_DATA_DIR: join(dir, 'data') };
});
afterAll(async () => {
  await shredCliJournals();
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

/** Calls `act` for each frame of `type` the service receives while `body` runs. */
async function onFrame(
  type: string,
  act: (record: SocketRecord) => void,
  body: () => Promise<Run>,
): Promise<Run> {
  const listener = (record: SocketRecord, frameType: string): void => {
    if (frameType === type) act(record);
  };
  h.streaming.on('frame', listener);
  try {
    return await body();
  } finally {
    h.streaming.off('frame', listener);
  }
}

/** What a run without the keychain says first (a notice, no failure). */
const NO_KEYCHAIN = 'scribe: The system keychain cannot be used here';

/** stderr lines other than the keychain notice (when the keychain is missing: a notice, no failure). */
function failureLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l !== '' && !l.startsWith(NO_KEYCHAIN));
}

/** A failure: one line on stderr, no canary anywhere, nothing but transcript lines on stdout. */
function expectQuietFailure(run: Run): void {
  expect(run.code).not.toBe(0);
  expect(run.stderr.endsWith('\n')).toBe(true);
  expect(failureLines(run.stderr)).toHaveLength(1);
  expect(failureLines(run.stderr)[0]).toMatch(/^scribe: /);
  expect(hasCanary(run.stderr), run.stderr).toBe(false);
  for (const line of run.stdout.split('\n').filter((l) => l !== '')) expect(line).toMatch(TRANSCRIPT_LINE);
}

/** A success: no failure line and no canary on stderr. */
function expectQuietSuccess(run: Run): void {
  expect(failureLines(run.stderr)).toEqual([]);
  expect(hasCanary(run.stderr)).toBe(false);
  expect(run.code).toBe(0);
}

describe('scribe transcribe / dictate with patient data in the transcript', () => {
  it('transcribe prints the transcript (canary included) on stdout only', async () => {
    const run = await scribe(['transcribe', VISIT, '--fast'], env);
    expectQuietSuccess(run);
    expect(run.stdout).toBe(
      expectedSentences('visit.wav')
        .map((s) => `${s.speaker}: ${CANARY_PHRASE} ${s.text}\n`)
        .join(''),
    );
  });

  it('dictate prints the dictated text (canary included) on stdout only', async () => {
    const run = await scribe(['dictate', DICTATION, '--fast'], env);
    expectQuietSuccess(run);
    expect(hasCanary(run.stdout)).toBe(true);
  });

  it('the failure check can fail: a canary on stderr or two lines are caught', () => {
    expect(() => expectQuietFailure({ code: 1, stdout: '', stderr: `scribe: ${CANARY_ERROR}\n` })).toThrow();
    expect(() => expectQuietFailure({ code: 1, stdout: '', stderr: 'scribe: a\nb\n' })).toThrow();
    expect(() =>
      expectQuietFailure({ code: 1, stdout: `${CANARY_PHRASE}\n`, stderr: 'scribe: a\n' }),
    ).toThrow();
    expect(() => expectQuietFailure({ code: 1, stdout: '', stderr: 'scribe: a\n' })).not.toThrow();
    expect(() =>
      expectQuietSuccess({ code: 0, stdout: '', stderr: `${NO_KEYCHAIN}: ${CANARY_PHRASE}\n` }),
    ).toThrow();
  });
});

describe('scribe transcribe / dictate failures say nothing of the patient', () => {
  const fatalFrame = (record: SocketRecord) =>
    h.streaming.sendError({ code: 83005, message: CANARY_ERROR }, { socketId: record.id, closeCode: 1008 });

  it('transcribe: an error frame whose message echoes patient data', async () => {
    const run = await onFrame('END', fatalFrame, () => scribe(['transcribe', VISIT, '--fast'], env));
    expectQuietFailure(run);
    expect(run.stderr).toMatch(/service code 83005/);
  });

  it('dictate: an error frame whose message echoes patient data', async () => {
    const run = await onFrame('END', fatalFrame, () => scribe(['dictate', DICTATION, '--fast'], env));
    expectQuietFailure(run);
    expect(run.stderr).toMatch(/service code 83005/);
    expect(run.stdout).toBe('');
  });

  it('transcribe: unknown error frames whose name echoes patient data, until the session gives up', async () => {
    const run = await onFrame(
      'CONFIG',
      (record) =>
        h.streaming.sendError(
          { code: 99125, name: `Patient ${CANARY_PHRASE}`, message: CANARY_ERROR },
          { socketId: record.id, closeCode: 1008 },
        ),
      () => scribe(['transcribe', VISIT, '--fast'], env),
    );
    expectQuietFailure(run);
    expect(run.stderr).toMatch(/service code 99125/);
  });

  it('transcribe: the service stops accepting the sign-in mid-visit', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const clientId = randomUUID();
    h.service.control.setClient({
      id: clientId,
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const keyFile = join(dir, 'doomed.pem');
    await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
    const rejected = h.streaming.rejected.length;
    // Once the whole visit is sent: the client is removed, its token expires and the socket is cut.
    const revoke = (record: SocketRecord) => {
      h.service.control.deleteClient(clientId);
      h.service.control.expireAllTokens();
      h.streaming.closeSockets(4000, { socketId: record.id });
    };
    const run = await onFrame('END', revoke, () =>
      scribe(['transcribe', VISIT, '--fast'], {
        ...env,
        SCRIBE_CLIENT_ID: clientId,
        SCRIBE_PRIVATE_KEY_FILE: keyFile,
      }),
    );
    expectQuietFailure(run);
    expect(run.stderr).toMatch(/unauthorized/);
    expect(h.streaming.rejected.slice(rejected).some((r) => r.status === 401)).toBe(true);
  });
});

describe('what the CLI left on disk', () => {
  it.skipIf(!process.env.REAL_KEYCHAIN)(
    'its journals (kept after the failures) hold no canary and no transcript in clear',
    async () => {
      const journals = join(dir, 'data', 'journals');
      const entries = await readTree(journals);
      const files = entries.filter((e) => e.kind === 'file');
      // The failed sessions are unfinished, so their journals are still there to be checked.
      expect(files.filter((f) => f.path.endsWith('.journal')).length).toBeGreaterThan(0);
      for (const e of entries) expect(e.mode, `mode of ${e.path}`).toBe(e.kind === 'dir' ? 0o700 : 0o600);
      for (const f of files) {
        expect(bytesHaveCanary(f.bytes), `canary in ${f.path}`).toBe(false);
        for (const s of expectedSentences('visit.wav'))
          expect(f.bytes.includes(Buffer.from(s.text))).toBe(false);
      }
    },
  );
});

/** Shreds what the CLI journaled (their keys live in the keychain under the app's service name). */
async function shredCliJournals(): Promise<void> {
  if (!process.env.REAL_KEYCHAIN) return;
  const store = new JournalStore({ dir: join(dir, 'data', 'journals'), secrets: new KeychainSecretStore() });
  for (const j of await store.listRecoverable().catch(() => []))
    await store.shred(j.id).catch(() => undefined);
}
