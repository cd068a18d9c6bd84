/**
 * Child process of the CPU benchmark, bundled by esbuild and run with plain node (no transpiler in the
 * process): a real-time visit — one 100 ms chunk every 100 ms through a real TranscribeSession with the real
 * encrypted journal to the local service in a process of its own. After a warm-up, `argv[2]` seconds are
 * measured (process CPU time, nothing else running in it), then as many seconds are profiled (the V8
 * profiler over the inspector, written to `argv[3]`): the profiler's own cost never counts in the figure.
 * With `argv[4]` = `floor`, the same visit is sent by a bare `ws` client instead (the same CONFIG and
 * AUDIO_CHUNK frames, acks read with JSON.parse; no session, no journal): what any client costs on this
 * machine for the same socket traffic and wake-ups, the floor under the session's figure. With `journal-floor`,
 * that bare client also seals each chunk (one AES-256-GCM `createCipheriv`) and writes it to a file
 * (`writeSync`, a `fdatasync` at most once a second) before it sends it: the least any client costs that keeps
 * "written before it is sent", with no code of ours.
 * Prints one JSON line.
 */
import { createCipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { closeSync, fdatasync, openSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import WebSocket from 'ws';
import { streamingUrl, subprotocolFor } from '../../main/core/streaming/ws-transport.ts';
import { audioChunkFrame, transcribeConfigFrame } from '../../main/core/streaming/frames.ts';
import { newSession, serviceInProcess, STREAM_ID, tempJournal, visitChunks } from './harness.ts';

const CHUNK_MS = 100;
const WARM_UP_S = 10;
const seconds = Number(process.argv[2] ?? 60);
const profilePath = process.argv[3] || undefined;
const floor = process.argv[4] === 'floor' || process.argv[4] === 'journal-floor';
const bareJournal = process.argv[4] === 'journal-floor';

/** What the visit drives: the real session, or the bare client of the floor. */
interface Visit {
  start(): Promise<void>;
  sendAudio(stream: string, samples: Int16Array): void;
  end(): Promise<void>;
  finals(): number;
}

const service = await serviceInProcess();
const journal = await tempJournal();
const { baseUrl } = service;
const session: Visit = floor
  ? bareClient(baseUrl, bareJournal ? journal.dir : undefined)
  : sessionVisit(baseUrl);
const chunks = visitChunks();

function sessionVisit(url: URL): Visit {
  const real = newSession(url, { journal: journal.journal });
  return {
    start: () => real.start(),
    sendAudio: (stream, samples) => void real.sendAudio(stream, samples),
    end: () => real.end(),
    finals: () => real.finalItems().length,
  };
}

/**
 * The floor: one socket, the session's frames, acks parsed and counted, nothing kept; with `journalDir`, each
 * chunk sealed and written to a file there before it is sent.
 */
function bareClient(url: URL, journalDir?: string): Visit {
  const write = journalDir === undefined ? undefined : bareWriter(join(journalDir, 'bare.journal'));
  const ws = new WebSocket(streamingUrl(url, 'user', 'transcribe-ws'), [subprotocolFor('transcribe-ws')], {
    headers: { Authorization: 'Bearer bench-token' },
    perMessageDeflate: false,
  });
  let seq = 0;
  let finals = 0;
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type?: string; is_final?: boolean };
    if (frame.type === 'TRANSCRIPT_ITEM' && frame.is_final) finals++;
  });
  return {
    start: () =>
      new Promise((resolve, reject) => {
        ws.once('open', () => {
          ws.send(
            JSON.stringify(transcribeConfigFrame(['ENGLISH_US'], [{ id: STREAM_ID, speakerType: 'DOCTOR' }])),
          );
          resolve();
        });
        ws.once('error', reject);
      }),
    sendAudio: (stream, samples) => {
      write?.(samples);
      ws.send(JSON.stringify(audioChunkFrame(seq++, samples, stream)));
    },
    end: async () => {
      ws.close();
      write?.close();
    },
    finals: () => finals,
  };
}

/** Seals a chunk (AES-256-GCM, IV from a counter) and appends it to `path`; a fdatasync at most once a second. */
function bareWriter(path: string): ((samples: Int16Array) => void) & { close(): void } {
  const key = createSecretKey(randomBytes(32));
  const fd = openSync(path, 'a', 0o600);
  const iv = Buffer.alloc(12);
  let count = 0;
  let syncedAt = 0;
  const write = (samples: Int16Array) => {
    iv.writeUInt32BE(count++, 8);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = cipher.update(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
    cipher.final();
    const record = Buffer.concat([iv, cipher.getAuthTag(), sealed]);
    writeSync(fd, record);
    if (Date.now() - syncedAt >= 1000) {
      syncedAt = Date.now();
      fdatasync(fd, () => undefined);
    }
  };
  return Object.assign(write, { close: () => closeSync(fd) });
}

/** Sends one chunk per CHUNK_MS on the wall clock (as a microphone does) until `until` (ms epoch). */
async function realTime(from: number, until: number): Promise<number> {
  let sent = 0;
  for (let due = from; due < until; due += CHUNK_MS) {
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    session.sendAudio(STREAM_ID, chunks[sent++ % chunks.length]!);
  }
  return sent;
}

/** Runs the visit on from `from` to `until` under the V8 profiler, and writes the profile to `path`. */
async function profile(from: number, until: number, path: string): Promise<void> {
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  // 100 µs, not the default 1 ms: a chunk's work is a few hundred µs, so 1 ms sampling sees too few samples.
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
  await realTime(from, until);
  const { profile: result } = await inspector.post('Profiler.stop');
  await writeFile(path, JSON.stringify(result));
  inspector.disconnect();
}

try {
  await session.start();
  const start = Date.now();
  await realTime(start, start + WARM_UP_S * 1000);
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const measured = start + (WARM_UP_S + seconds) * 1000;
  const sent = await realTime(start + WARM_UP_S * 1000, measured);
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  if (profilePath) await profile(measured, measured + seconds * 1000, profilePath);
  process.stdout.write(
    `${JSON.stringify({ chunks: sent, wallMs, userMs: cpu.user / 1000, systemMs: cpu.system / 1000, finals: session.finals() })}\n`,
  );
  await session.end();
} finally {
  await journal.dispose();
  service.close();
}
