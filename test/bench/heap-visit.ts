/**
 * Child process of the heap benchmark (run with --expose-gc): streams `argv[2]` chunks of looped fixture
 * speech (72,000 = two hours) through a real TranscribeSession with the real encrypted journal, as fast as
 * acknowledgements allow, to the local service running in a third process. Memory is read after a forced
 * GC once the session is warm and again at the end of the visit (before END: the state a two-hour visit
 * is in). Heap used and external memory are both counted, because kept audio lives in ArrayBuffers, which
 * V8 reports as external, not as heap. Prints one JSON line.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  finalsFor,
  newSession,
  serviceInProcess,
  STREAM_ID,
  tempJournal,
  until,
  visitChunks,
  watchAcks,
} from './harness.ts';

const MB = 1024 * 1024;
const WARM_UP = 1_200; // two minutes of audio before the baseline
const total = Number(process.argv[2] ?? 72_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('heap-visit needs node --expose-gc');

function settle(): { heap: number; external: number } {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return { heap: m.heapUsed / MB, external: m.external / MB };
}

const service = await serviceInProcess();
const journal = await tempJournal();
const session = newSession(service.baseUrl, { journal: journal.journal });
const chunks = visitChunks();
let fed = 0;
let ackedBefore = 0;
watchAcks(session, (before) => (ackedBefore = before));

/** Feeds until `count` chunks were given, keeping the unsent backlog within one ack window. */
async function feedUpTo(count: number): Promise<void> {
  const audio = session.audio;
  while (fed < count) {
    if (audio.allSent && audio.inFlightChunks <= 60) {
      for (let i = 0; i < 30 && fed < count; i++)
        session.sendAudio(STREAM_ID, chunks[fed++ % chunks.length]!);
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 5);
      const off = session.on('connection', done);
      function done(): void {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  }
  await until(() => ackedBefore >= count, 30_000);
}

try {
  await session.start();
  await feedUpTo(WARM_UP);
  await until(() => session.finalItems().length >= finalsFor(WARM_UP), 30_000);
  const before = settle();
  const started = Date.now();
  let peak = 0;
  for (let next = WARM_UP + 6_000; fed < total; next += 6_000) {
    await feedUpTo(Math.min(total, next));
    const m = process.memoryUsage();
    peak = Math.max(peak, (m.heapUsed + m.external) / MB);
  }
  const seconds = (Date.now() - started) / 1000;
  await until(() => session.finalItems().length >= finalsFor(total), 30_000); // the last final text arrives
  const after = settle();
  const journalBytes = (await stat(join(journal.dir, 'journal', `${journal.journal.id}.journal`))).size;
  process.stdout.write(
    `${JSON.stringify({
      chunks: total,
      seconds,
      growthMb: after.heap + after.external - (before.heap + before.external),
      heapBeforeMb: before.heap,
      heapAfterMb: after.heap,
      externalBeforeMb: before.external,
      externalAfterMb: after.external,
      peakMb: peak,
      memoryChunks: session.audio.memoryChunks,
      unconfirmedMs: session.unconfirmedMs,
      finalItems: session.finalItems().length,
      journalMb: journalBytes / MB,
    })}\n`,
  );
} finally {
  session.abort();
  service.close();
  await journal.dispose();
}
