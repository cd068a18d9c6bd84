/**
 * The main process at rest, armed for dictation (test/bench/idle-app.ts: the composition root, the real key
 * hook on the bench's own X display, the insertion engine, HID), for `SCRIBE_IDLE_MINUTES` minutes (10 by
 * default, after a 30 s settling): its CPU (user + system, from /proc) as a share of one core, and its
 * resident memory at the end. Targets: CPU ≤ 0.1 % of a core; memory is reported (peers idle at 5–9 % CPU
 * and about 500 MB). The child is a bundle (esbuild, as the app ships), not TypeScript under a loader.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { startDisplay } from '../integration/features/dictation/x11-harness.ts';
import { bundleForBench } from './bundle.ts';
import { fmt, skippedRow, type BenchRow } from './report.ts';

const TARGET_PERCENT = 0.1;
const SETTLE_MS = 30_000;

/** The process's CPU time (user + system) in ms and resident memory in MB, from /proc. */
async function usage(pid: number): Promise<{ cpuMs: number; rssMb: number }> {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // Fields 14 and 15 (utime, stime) in clock ticks (100 a second on Linux), counted from field 3 here.
  const ticks = Number(stat[11]) + Number(stat[12]);
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuMs: ticks * 10, rssMb: rssKb / 1024 };
}

/** The idle rows (skipped without Xvfb / openbox). */
export async function benchIdle(
  minutes = Number(process.env.SCRIBE_IDLE_MINUTES ?? 10),
): Promise<BenchRow[]> {
  let screen;
  try {
    screen = await startDisplay();
  } catch {
    return [skippedRow('main process at rest, armed for dictation', 'Xvfb / openbox are not available')];
  }
  const { file, dir } = await bundleForBench('test/bench/idle-app.ts', 'idle-app.mjs');
  const child = spawn(process.execPath, [file], { env: screen.env, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`the app exited (${String(code)}) before it was armed`);
    });
    const [line] = (await Promise.race([once(child.stdout.setEncoding('utf8'), 'data'), exited])) as [string];
    const armed = JSON.parse(line) as { hook: boolean };
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const before = await usage(child.pid!);
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, minutes * 60_000));
    const after = await usage(child.pid!);
    const percent = ((after.cpuMs - before.cpuMs) / (performance.now() - startedAt)) * 100;
    const hook = armed.hook ? 'key hook running' : 'key hook NOT running';
    return [
      {
        name: 'main process at rest, armed for dictation: CPU',
        figure: `${fmt(percent, 3)} % of one core`,
        target: `≤ ${TARGET_PERCENT} %`,
        pass: percent <= TARGET_PERCENT,
        note: `${fmt(after.cpuMs - before.cpuMs, 0)} ms of CPU in ${minutes} min (${hook}; no tray or overlay window: Electron does not run here)`,
      },
      {
        name: 'main process at rest, armed for dictation: memory',
        figure: `${fmt(after.rssMb, 0)} MB resident`,
        target: '(reported)',
        pass: true,
        note: `${fmt(before.rssMb, 0)} MB after settling; Node.js without Electron's own share`,
      },
    ];
  } finally {
    child.kill('SIGTERM');
    screen.close();
    await rm(dir, { recursive: true, force: true });
  }
}
