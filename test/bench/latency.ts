/**
 * Chunk complete → frame written: a real TranscribeSession on loopback to the real local service. The clock
 * starts just before sendAudio() and stops in the client socket's write callback (ws calls it once the
 * frame was handed to the kernel socket). `ws`'s WebSocket.prototype.send is wrapped for client sockets
 * only, to add that callback; the service side stamps arrival too, as a cross-check.
 *
 * Run twice: without a journal (the bare streaming path) and with the real encrypted journal, which is how
 * the app runs: a chunk is sent only once the journal holds it ("journal before send", kept-audio.ts).
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import {
  newSession,
  sleep,
  startLocalService,
  STREAM_ID,
  tempJournal,
  until,
  visitChunks,
} from './harness.ts';
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
    stamps.handed[index] = performance.now();
    return original.call(this, data, {}, () => (stamps.written[index] = performance.now()));
  };
  return () => (proto.send = original);
}

/** Sends `count` chunks `everyMs` apart after a warm-up; returns the written-minus-called latencies. */
async function measure(withJournal: boolean, count: number, everyMs: number): Promise<BenchRow> {
  const service = await startLocalService();
  const journal = withJournal ? await tempJournal() : undefined;
  const session = newSession(service.baseUrl, { journal: journal?.journal });
  const stamps: Stamps = { called: [], handed: [], written: [], arrived: [] };
  service.control.on('frame', (_record, type: string) => {
    if (type === 'AUDIO_CHUNK') stamps.arrived.push(performance.now());
  });
  const unhook = hookClientSend(stamps);
  const chunks = visitChunks();
  const warmUp = 50;
  try {
    await session.start();
    for (let i = 0; i < warmUp + count; i++) {
      stamps.called[i] = performance.now();
      if (!session.sendAudio(STREAM_ID, chunks[i % chunks.length]!)) throw new Error('bench: chunk refused');
      await sleep(everyMs);
    }
    await until(
      () => stamps.written.length >= warmUp + count && stamps.written[warmUp + count - 1] !== undefined,
      10_000,
    );
  } finally {
    unhook();
    session.abort();
    await service.close();
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
