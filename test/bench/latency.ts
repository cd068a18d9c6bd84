/**
 * Chunk complete → frame written: a real TranscribeSession on loopback to the real local service, which runs
 * in a process of its own (service-process.ts) as the real service is remote: its recogniser must not
 * share the client's event loop and be counted as client latency. The clock
 * starts just before sendAudio() and stops in the client socket's write callback (ws calls it once the
 * frame was handed to the kernel socket). `ws`'s WebSocket.prototype.send is wrapped for client sockets
 * only, to add that callback; the service process stamps arrival too (epoch time), as a cross-check.
 *
 * Run twice: without a journal (the bare streaming path) and with the real encrypted journal, which is how
 * the app runs: a chunk goes to the socket once the journal has written it (kept-audio.ts says why).
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { newSession, sleep, STREAM_ID, tempJournal, until, visitChunks } from './harness.ts';
import { fmt, percentile, type BenchRow } from './report.ts';

const TARGET_MS = 2;
const SEQ = /"seq_id":(\d+)/;

interface Stamps {
  called: number[];
  handed: number[];
  written: number[];
  arrived: number[];
}

type Send = (this: WebSocket, data: unknown, ...rest: unknown[]) => void;

/** Wraps client-side WebSocket.send to stamp AUDIO_CHUNK frames by seq_id; returns the undo. */
function hookClientSend(stamps: Stamps): () => void {
  const proto = WebSocket.prototype as unknown as { send: Send };
  const original = proto.send;
  proto.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
    const isClient = (this as unknown as { _isServer?: boolean })._isServer === false;
    const seq = isClient && typeof data === 'string' ? SEQ.exec(data.slice(0, 120)) : null;
    if (!seq || rest.length > 0) return original.call(this, data, ...rest);
    const index = Number(seq[1]);
    stamps.handed[index] = epochNow();
    return original.call(this, data, {}, () => (stamps.written[index] = epochNow()));
  };
  return () => (proto.send = original);
}

/** Epoch milliseconds, sub-millisecond, comparable with the service process's stamps. */
const epochNow = () => performance.timeOrigin + performance.now();

/** Starts service-process.ts; `arrived` receives its AUDIO_CHUNK arrival stamps (epoch ms). */
async function startServiceProcess(arrived: number[]): Promise<{ baseUrl: URL; close(): void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/bench/service-process.ts', '--stamp-arrivals'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', () => reject(new Error('bench: service process exited')));
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { port?: number; arrived?: number };
      if (message.port !== undefined) resolve(message.port);
      if (message.arrived !== undefined) arrived.push(message.arrived);
    });
  });
  return { baseUrl: new URL(`http://127.0.0.1:${port}`), close: () => child.stdin.end() };
}

/** Sends `count` chunks `everyMs` apart after a warm-up; returns the written-minus-called latencies. */
async function measure(withJournal: boolean, count: number, everyMs: number): Promise<BenchRow> {
  const stamps: Stamps = { called: [], handed: [], written: [], arrived: [] };
  const service = await startServiceProcess(stamps.arrived);
  const journal = withJournal ? await tempJournal() : undefined;
  const session = newSession(service.baseUrl, { journal: journal?.journal });
  const unhook = hookClientSend(stamps);
  const chunks = visitChunks();
  const warmUp = 50;
  try {
    await session.start();
    for (let i = 0; i < warmUp + count; i++) {
      stamps.called[i] = epochNow();
      if (!session.sendAudio(STREAM_ID, chunks[i % chunks.length]!)) throw new Error('bench: chunk refused');
      await sleep(everyMs); // a microphone's pace (100 ms chunks, 5× real time by default)
    }
    await until(
      () =>
        stamps.written.length >= warmUp + count &&
        stamps.written[warmUp + count - 1] !== undefined &&
        stamps.arrived.length >= warmUp + count,
      10_000,
    );
  } finally {
    unhook();
    session.abort();
    service.close();
    await journal?.dispose();
  }
  const range = [...Array(count).keys()].map((k) => k + warmUp);
  const written = range.map((i) => stamps.written[i]! - stamps.called[i]!);
  const handed = range.map((i) => stamps.handed[i]! - stamps.called[i]!);
  const arrived = range.map((i) => stamps.arrived[i]! - stamps.called[i]!);
  const p99 = percentile(written, 99);
  return {
    name: `chunk→frame written p99 (${withJournal ? 'with journal' : 'no journal'})`,
    figure: `${fmt(p99, 3)} ms`,
    target: `≤ ${TARGET_MS} ms`,
    pass: p99 <= TARGET_MS,
    note:
      `${count} chunks every ${everyMs} ms; written p50 ${fmt(percentile(written, 50), 3)} / max ${fmt(Math.max(...written), 3)} ms; ` +
      `ws.send called p99 ${fmt(percentile(handed, 99), 3)} ms; arrived at service p99 ${fmt(percentile(arrived, 99), 3)} ms`,
  };
}

/** Both variants. */
export async function benchLatency(count = 500, everyMs = 20): Promise<BenchRow[]> {
  return [await measure(false, count, everyMs), await measure(true, count, everyMs)];
}
