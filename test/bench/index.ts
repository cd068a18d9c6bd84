/**
 * `npm run bench`: runs the benchmarks one after another on loopback and prints each figure beside its
 * target. Figures are not asserted (a loaded machine is not a bug); a miss is explained in the notes of the
 * run and in the issue. `npm run bench -- pipeline heap` runs only the named ones.
 *
 * The renderer benchmark (test/bench/renderer.ts) is written separately; it is loaded if present and is
 * expected to export `benchRenderer(): Promise<BenchRow[]>` (a default export of the same shape also works).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchBroker } from './broker.ts';
import { benchCatchUp } from './catch-up.ts';
import { benchCheck } from './check.ts';
import { benchCommands, benchCommandsWindows } from './commands.ts';
import { benchCpu } from './cpu.ts';
import { benchDictationHotkey } from './dictation-hotkey.ts';
import { benchHeap } from './heap.ts';
import { benchIdle } from './idle.ts';
import { benchHidReport } from './hid-report.ts';
import { benchInsertion } from './insertion.ts';
import { benchInsertionWindows } from './insertion-windows.ts';
import { benchFieldNavigation } from './field-navigation.ts';
import { benchLatency } from './latency.ts';
import { benchPipeline } from './pipeline.ts';
import { benchSayPanel } from './say-panel.ts';
import { formatTable, skippedRow, type BenchRow } from './report.ts';

interface Bench {
  name: string;
  label: string;
  timeoutMs: number;
  run(): Promise<BenchRow[]>;
}

const BENCHES: Bench[] = [
  { name: 'pipeline', label: 'pipeline', timeoutMs: 60_000, run: async () => benchPipeline() },
  { name: 'latency', label: 'chunk→frame written', timeoutMs: 60_000, run: () => benchLatency() },
  { name: 'catch-up', label: 'catch-up after 30 s outage', timeoutMs: 90_000, run: () => benchCatchUp() },
  { name: 'heap', label: 'heap growth, 2-hour visit', timeoutMs: 200_000, run: () => benchHeap() },
  { name: 'cpu', label: 'main-process CPU, real-time visit', timeoutMs: 200_000, run: () => benchCpu() },
  {
    name: 'idle',
    label: 'main process at rest, armed for dictation (SCRIBE_IDLE_MINUTES, default 10)',
    timeoutMs: (Number(process.env.SCRIBE_IDLE_MINUTES ?? 10) + 2) * 60_000,
    run: () => benchIdle(),
  },
  { name: 'renderer', label: 'renderer', timeoutMs: 90_000, run: runRendererBench },
  {
    name: 'hotkey',
    label: 'dictation hotkey → first sample',
    timeoutMs: 60_000,
    run: () => benchDictationHotkey(),
  },
  {
    name: 'hid',
    label: 'dictation microphone report → dictation started',
    timeoutMs: 30_000,
    run: () => benchHidReport(),
  },
  {
    name: 'insertion',
    label: 'dictation into an X11 and a Win32 field',
    // The X11 rows (about a minute), then the Windows lane's (its set-up and Wine prefix included: 2–4 min).
    timeoutMs: 420_000,
    run: async () => [...(await benchInsertion()), ...(await benchInsertionWindows())],
  },
  {
    name: 'commands',
    label: 'voice commands in an X11 field and a Win32 field (Wine)',
    // The X11 rows (about a minute), then the Windows lane's (its set-up and Wine prefix included: 2–4 min).
    timeoutMs: 420_000,
    run: async () => [...(await benchCommands()), ...(await benchCommandsWindows())],
  },
  {
    name: 'check',
    label: 'clinical text checks: evaluation set and time per sentence',
    timeoutMs: 60_000,
    run: () => benchCheck(),
  },
  {
    name: 'broker',
    label: 'token broker at hospital scale (two instances, Redis, 50 ms double)',
    // 360 s was too short beside busy cores (load 22: the 10,000 tokens the bench signs took most of it).
    timeoutMs: 600_000,
    run: () => benchBroker(),
  },
  {
    name: 'fields',
    label: 'next field and select ‹words› in an X11 field (AT-SPI)',
    timeoutMs: 60_000,
    run: () => benchFieldNavigation(),
  },
  {
    name: 'say-panel',
    label: '"what can I say" → the overlay panel state (en, fr, es)',
    timeoutMs: 60_000,
    run: () => benchSayPanel(),
  },
];

/** Loads the renderer benchmark if it exists; a missing file or Chromium becomes a skipped row. */
async function runRendererBench(): Promise<BenchRow[]> {
  const path = fileURLToPath(new URL('./renderer.ts', import.meta.url));
  if (!existsSync(path)) return [skippedRow('renderer', 'test/bench/renderer.ts not present')];
  try {
    const module = (await import('./renderer.ts' as string)) as {
      benchRenderer?: () => Promise<BenchRow[]>;
      default?: () => Promise<BenchRow[]>;
    };
    const run = module.benchRenderer ?? module.default;
    if (typeof run !== 'function') return [skippedRow('renderer', 'renderer.ts exports no benchRenderer()')];
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/chrom|executable|browser/i.test(message))
      return [skippedRow('renderer', 'Chromium is not available')];
    throw error;
  }
}

/** Runs one benchmark within its time bound; a failure or timeout becomes a row, not a crash. */
async function runOne(bench: Bench): Promise<BenchRow[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${bench.timeoutMs / 1000} s`)),
      bench.timeoutMs,
    );
  });
  const started = Date.now();
  try {
    const rows = await Promise.race([bench.run(), timeout]);
    process.stderr.write(`bench ${bench.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return rows;
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '').slice(0, 80) : 'failed';
    return [{ name: bench.label, figure: `error: ${reason}`, target: '', pass: false }];
  } finally {
    clearTimeout(timer);
  }
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}\n`,
  );
  process.exit(2);
}
const rows: BenchRow[] = [];
for (const bench of BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
  process.stderr.write(`bench ${bench.name}: running…\n`);
  rows.push(...(await runOne(bench)));
}
process.stdout.write(`\n${formatTable(rows)}\n`);
// A benchmark that timed out may still hold sockets or timers: the run ends here regardless.
process.exit(0);
