/**
 * Catch-up after a 30 s outage: a real TranscribeSession with the real journal streams fixture speech to
 * the real local service; then the service cuts the socket and the HTTP server refuses every new TCP
 * connection while 30 s of audio is captured (fed fast: a simulated clock, the session cannot tell), so
 * that audio ends up in the journal and mostly out of memory, as in a real outage. Then connections are
 * allowed again. Figure: from the reconnected socket reaching `streaming` to the service having
 * acknowledged every chunk captured up to that moment, while live audio keeps arriving at real-time pace.
 */
import { performance } from 'node:perf_hooks';
import type { Socket } from 'node:net';
import {
  finalsFor,
  newSession,
  sleep,
  startLocalService,
  STREAM_ID,
  tempJournal,
  until,
  visitChunks,
  watchAcks,
} from './harness.ts';
import { fmt, type BenchRow } from './report.ts';

const TARGET_MS = 5_000;
const OUTAGE_CHUNKS = 300; // 30 s of 100 ms chunks
const BEFORE_CHUNKS = 200; // 20 s streamed normally first

/** One outage-and-catch-up run; `ackDelayMs` stands in for a network round trip to the real service. */
async function measure(ackDelayMs: number): Promise<BenchRow> {
  const service = await startLocalService({ ackDelayMs });
  let refusing = false;
  let refused = 0;
  // Runs before the HTTP server's own listener: the TCP connection is reset before any upgrade is read.
  service.server.prependListener('connection', (socket: Socket) => {
    if (!refusing) return;
    refused++;
    socket.destroy();
  });
  const journal = await tempJournal();
  const session = newSession(service.baseUrl, { journal: journal.journal });
  const chunks = visitChunks();
  let fed = 0;
  const feed = (n: number): void => {
    for (let i = 0; i < n; i++)
      if (!session.sendAudio(STREAM_ID, chunks[fed++ % chunks.length]!)) throw new Error('bench: refused');
  };
  let ackedBefore = 0;
  let target = Number.POSITIVE_INFINITY;
  let caughtUpAt: number | undefined;
  let reconnectedAt: number | undefined;
  watchAcks(session, (before) => {
    ackedBefore = before;
    if (caughtUpAt === undefined && reconnectedAt !== undefined && before >= target)
      caughtUpAt = performance.now();
  });
  let live: NodeJS.Timeout | undefined;
  try {
    await session.start();
    feed(BEFORE_CHUNKS);
    await until(() => ackedBefore >= BEFORE_CHUNKS, 10_000);
    // Final text for the streamed part arrives and releases what it covers.
    await until(() => session.finalItems().length >= finalsFor(BEFORE_CHUNKS), 10_000);

    refusing = true;
    service.control.terminateAll();
    await until(() => session.state === 'reconnecting', 5_000);
    for (let i = 0; i < OUTAGE_CHUNKS; i += 10) {
      feed(10);
      await sleep(0); // a turn between captures, as between a microphone's callbacks (the clock is simulated)
    }
    // Real time passes during a real outage: let the journal take everything and a reconnect be refused.
    await until(() => session.connection.allAudioSafe && refused >= 1, 20_000);
    const kept = session.unconfirmedMs / 100;

    const socketsBefore = service.control.sockets.length;
    session.on('state', (state) => {
      if (state !== 'streaming' || reconnectedAt !== undefined) return;
      reconnectedAt = performance.now();
      target = session.audio.nextIndex(0);
      // Capture goes on at real-time pace while the backlog is replayed.
      live = setInterval(() => feed(1), 100);
    });
    refusing = false;
    await until(() => caughtUpAt !== undefined, 60_000, 1);
    const replayed = service.control.sockets[socketsBefore]?.chunksByStream[STREAM_ID] ?? 0;
    const ms = caughtUpAt! - reconnectedAt!;
    return {
      name: `catch-up after 30 s outage${ackDelayMs ? ` (acks +${ackDelayMs} ms)` : ''}`,
      figure: `${fmt(ms / 1000, 3)} s`,
      target: `≤ ${TARGET_MS / 1000} s`,
      pass: ms <= TARGET_MS,
      note:
        `${kept} chunks kept at reconnect (30 s outage + audio not yet covered by final text), ` +
        `${replayed} chunks sent on the new socket by catch-up; ${refused} connection attempt(s) refused ` +
        `during the outage; service ack delay ${ackDelayMs} ms`,
    };
  } finally {
    clearInterval(live);
    session.abort();
    await service.close();
    await journal.dispose();
  }
}

/** Without and with a simulated network round trip on acknowledgements. */
export async function benchCatchUp(): Promise<BenchRow[]> {
  return [await measure(0), await measure(100)];
}
