/**
 * What the streaming benchmarks share: the real local streaming service on a bare loopback HTTP server,
 * a token source, a real journal in a temporary folder, and fixture audio cut into chunks by the real
 * chunker (so the service's recogniser locates every chunk and final text keeps releasing kept audio, as
 * in a real visit).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AccessTokenSource } from '../../main/core/api/auth/token-source.ts';
import { CHUNK_SAMPLES } from '../../main/core/audio/audio-source.ts';
import { Chunker } from '../../main/core/audio/chunker.ts';
import { MemorySecretStore } from '../../main/base/secrets/memory-secret-store.ts';
import type { VisitJournal } from '../../main/core/journal/journal.ts';
import { JournalStore } from '../../main/core/journal/journal-store.ts';
import {
  TranscribeSession,
  type TranscribeSessionOptions,
} from '../../main/core/streaming/transcribe-session.ts';
import {
  attachStreamingService,
  createFixtureRecognizer,
  decodeWav16,
  loadFixtureManifest,
  streamingTimings,
  type StreamingTimings,
} from '../../main/programs/local-service/ws/index.ts';
import { StreamingControl } from '../service/streaming-faults.ts';
import { readFileSync } from 'node:fs';

/** Where the fixture recordings live (relative to the project root, where `npm run bench` runs). */
export const FIXTURE_DIR = 'main/programs/local-service/sample';
/** The stream every benchmark session declares. */
export const STREAM_ID = 'doctor';

/** The real local service on a loopback port. */
export interface LocalService {
  baseUrl: URL;
  server: Server;
  control: StreamingControl;
  close(): Promise<void>;
}

/** Starts the local streaming service on 127.0.0.1 (any free port). */
export async function startLocalService(timings: Partial<StreamingTimings> = {}): Promise<LocalService> {
  const server = createServer((_req, res) => res.writeHead(404).end());
  const control = new StreamingControl().attach({ timings: streamingTimings(timings) });
  attachStreamingService(server, {
    verifyToken: () => 'ok',
    recognizer: createFixtureRecognizer({ fixtures: loadFixtureManifest(FIXTURE_DIR) }),
    timings: control.timings,
    extension: control.extension(),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: new URL(`http://127.0.0.1:${port}`),
    server,
    control,
    close: async () => {
      control.terminateAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A token source that always has the same (fake) token; the local service accepts any. */
const benchTokens: AccessTokenSource = {
  caller: 'user',
  token: async () => 'bench-token',
  renew: async () => 'bench-token',
};

/** Starts service-process.ts in a process of its own, as the real service is remote; `close` ends it. */
export async function serviceInProcess(): Promise<{ baseUrl: URL; close(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/service-process.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once('line', resolve),
  );
  const { port } = JSON.parse(firstLine) as { port: number };
  return { baseUrl: new URL(`http://127.0.0.1:${port}`), close: () => child.stdin.end() };
}

/** A one-stream DOCTOR session against `baseUrl`, with production defaults unless overridden. */
export function newSession(baseUrl: URL, options: Partial<TranscribeSessionOptions> = {}): TranscribeSession {
  return new TranscribeSession({
    baseUrl,
    tokens: benchTokens,
    speechLocales: ['ENGLISH_US'],
    streams: [{ id: STREAM_ID, speakerType: 'DOCTOR' }],
    ...options,
  });
}

/** A real encrypted journal in a fresh temporary folder; `dispose` shreds nothing, it removes the folder. */
export async function tempJournal(): Promise<{
  journal: VisitJournal;
  dir: string;
  dispose(): Promise<void>;
}> {
  const root = await mkdtemp(join(tmpdir(), 'scribe-bench-'));
  const store = new JournalStore({ dir: join(root, 'journal'), secrets: new MemorySecretStore() });
  const journal = await store.create('transcribe', [STREAM_ID], { speechLocales: ['ENGLISH_US'] });
  return {
    journal,
    dir: root,
    dispose: async () => {
      journal.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * The visit fixture cut into 100 ms chunks by the real chunker, ending with its zero-padded last chunk.
 * Looping these chunks (not the samples) keeps every chunk on the fixture's 1600-sample grid, so the
 * recogniser finds each loop and emits its sentences again: final text keeps flowing for hours.
 */
export function visitChunks(): Int16Array[] {
  const samples = decodeWav16(readFileSync(join(FIXTURE_DIR, 'visit.wav')));
  const chunker = new Chunker();
  const chunks = chunker.push(samples);
  const last = chunker.flush();
  if (last) chunks.push(last);
  return chunks;
}

/**
 * How many final items the local service sends for the first `chunkCount` chunks of looped visitChunks():
 * the recogniser finalises a sentence once all of its audio arrived, in every loop. What a benchmark waits
 * for when it needs "the final text for what was fed has arrived" (instead of a guessed sleep).
 */
export function finalsFor(chunkCount: number): number {
  const fixture = loadFixtureManifest(FIXTURE_DIR).find((f) => f.name === 'visit.wav');
  if (!fixture) throw new Error('bench: visit.wav is not in the fixture manifest');
  const loop = visitChunks().length;
  const rest = (chunkCount % loop) * CHUNK_SAMPLES;
  const inRest = fixture.sentences.filter((s) => s.endSample <= rest).length;
  return Math.floor(chunkCount / loop) * fixture.sentences.length + inRest;
}

/** Resolves when `predicate` holds, checking every `everyMs`; rejects after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs: number, everyMs = 2): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('bench: timed out waiting');
    await sleep(everyMs);
  }
}

/** Plain timer sleep. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Watches how far the service has acknowledged the session's audio (session-timeline chunk index, exclusive).
 * KeptAudio exposes no ack position, so its `ack` method is wrapped on this one instance (observation only:
 * the original runs unchanged and its result is returned).
 */
export function watchAcks(session: TranscribeSession, onAck: (ackedBefore: number) => void): void {
  const audio = session.audio;
  const original = audio.ack.bind(audio);
  audio.ack = (stream: number, seqId: number): boolean => {
    const moved = original(stream, seqId);
    if (moved) onAck(audio.socketFirst + seqId + 1);
    return moved;
  };
}
