/**
 * Heap growth over a simulated two-hour visit, run in a child process of its own (`node --expose-gc`), so
 * the figure is neither polluted by earlier benchmarks nor by the service (which runs in a third process).
 * The child (heap-visit.ts) prints one JSON line with its figures.
 */
import { spawn } from 'node:child_process';
import { z } from 'zod';
import { fmt, type BenchRow } from './report.ts';

const TARGET_MB = 30;

const VisitResult = z.object({
  chunks: z.number(),
  seconds: z.number(),
  growthMb: z.number(),
  heapBeforeMb: z.number(),
  heapAfterMb: z.number(),
  externalBeforeMb: z.number(),
  externalAfterMb: z.number(),
  peakMb: z.number(),
  memoryChunks: z.number(),
  unconfirmedMs: z.number(),
  finalItems: z.number(),
  journalMb: z.number(),
});

/** Runs the visit child; bounded by `timeoutMs`. */
export async function benchHeap(chunks = 72_000, timeoutMs = 180_000): Promise<BenchRow[]> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'test/bench/heap-visit.ts', String(chunks)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const line = out.trim().split('\n').at(-1) ?? '';
  let parsed: z.infer<typeof VisitResult> | undefined;
  try {
    const result = VisitResult.safeParse(JSON.parse(line));
    parsed = result.success ? result.data : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed) {
    return [
      {
        name: 'heap growth, 2-hour visit',
        figure: code === null ? `no result (killed after ${timeoutMs / 1000} s)` : `no result (exit ${code})`,
        target: `≤ ${TARGET_MB} MB`,
        pass: false,
      },
    ];
  }
  const r = parsed;
  return [
    {
      name: 'heap growth, 2-hour visit',
      figure: `${fmt(r.growthMb, 1)} MB`,
      target: `≤ ${TARGET_MB} MB`,
      pass: r.growthMb <= TARGET_MB,
      note:
        `${r.chunks} chunks (${fmt(r.chunks / 36_000, 2)} h of audio) in ${fmt(r.seconds, 1)} s; after gc: heap used ` +
        `${fmt(r.heapBeforeMb, 1)} → ${fmt(r.heapAfterMb, 1)} MB, external/ArrayBuffers ${fmt(r.externalBeforeMb, 1)} → ` +
        `${fmt(r.externalAfterMb, 1)} MB (figure = growth of both); peak without gc ${fmt(r.peakMb, 1)} MB; ` +
        `${r.memoryChunks} chunks in memory, ${fmt(r.unconfirmedMs / 1000, 1)} s unconfirmed, ${r.finalItems} final ` +
        `items, journal ${fmt(r.journalMb, 0)} MB on disk`,
    },
  ];
}
