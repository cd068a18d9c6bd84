/**
 * The Windows lane's insertion rows, measured in the same `npm run bench` run as the X11 ones: runs
 * `test/windows/run.sh` for its `bench-insertion` suite only (Windows Node under Wine, a Win32 EDIT of
 * another Windows process; test/windows/bench-insertion.test.ts) and reads the `bench-row {json}` lines it
 * prints. Skipped, saying so, when Wine is not installed. Wine's figures, not Windows': an upper bound.
 * Each text row is followed by its floor, measured in the same run (the same text into the same kind of
 * field with bare SendInput / clipboard calls and none of our code; test/windows/support/floor.ts): the
 * measured row's note says how much of its p95 is above that floor, i.e. ours, and a row after it gives
 * the ratio of the two p95s (target ≤ 1.2, as the X11 rows'). Each correction row likewise, beside the
 * same correction by bare calls (BackSpace + keys by SendInput, or Shift+Left, BackSpace and a bare
 * clipboard + Ctrl+V).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { fmt, skippedRow, type BenchRow } from './report.ts';

/** The Wine loader the lane uses (test/windows/run.sh). */
export const WINE = '/usr/lib/wine/wine64';
/** Our p95 over the floor's, same run (issue 33; the X11 rows' target too). */
const RATIO_TARGET = 1.2;
const LINE = /bench-row (\{.*\})\s*$/;
const Row = z.object({
  name: z.string(),
  p50: z.number(),
  p95: z.number(),
  /** null: a floor (no target of its own). */
  targetMs: z.number().nullable(),
  n: z.number(),
});

/** The lane's rows; a skipped row without Wine, an error row when the lane fails. */
export async function benchInsertionWindows(): Promise<BenchRow[]> {
  if (!existsSync(WINE)) return [skippedRow('insertion into a Win32 field (Wine)', 'wine not installed')];
  const { code, out } = await lane('bench-insertion');
  const rows = parseRows(out);
  if (rows.length === 0)
    return [
      {
        name: 'insertion into a Win32 field (Wine)',
        figure: `error: the Windows lane printed no rows (exit ${code})`,
        target: '',
        pass: false,
      },
    ];
  return rows.flatMap((r) => {
    const row = rowOf(r, rows);
    const mode = /, (paste|type)$/.exec(r.name)?.[1];
    const measured = rows.find((t) => t.targetMs !== null && floorOf(t.name, rows) === r);
    if (r.targetMs !== null || !measured || !mode) return [row];
    const ratio = measured.p95 / r.p95;
    return [
      row,
      {
        name: `${measured.name.split(' ')[0]} over its floor (Wine), ${mode}`,
        figure: `× ${fmt(ratio, 2)}`,
        target: `≤ ${RATIO_TARGET}`,
        pass: ratio <= RATIO_TARGET,
        note: `p95 ${fmt(measured.p95, 1)} ms over its floor's ${fmt(r.p95, 1)} ms, same run`,
      },
    ];
  });
}

/** One row of the lane as the bench prints it. */
function rowOf(r: z.infer<typeof Row>, rows: z.infer<typeof Row>[]): BenchRow {
  const figure = `p50 ${fmt(r.p50, 1)} ms, p95 ${fmt(r.p95, 1)} ms`;
  if (r.targetMs === null)
    return { name: r.name, figure, target: 'floor', pass: undefined, note: `${r.n} samples, ${FLOOR}` };
  const base = floorOf(r.name, rows);
  const above = base
    ? `; above its floor: p50 ${fmt(r.p50 - base.p50, 1)} ms, p95 ${fmt(r.p95 - base.p95, 1)} ms (ours)`
    : '';
  return {
    name: r.name,
    figure,
    target: `p95 ≤ ${r.targetMs} ms`,
    pass: r.p95 <= r.targetMs,
    note: `${r.n} samples under Wine 8 (Windows Node, Win32 EDIT in another process): Wine's figure, not Windows'${above}`,
  };
}

const FLOOR =
  'the same text or correction into a fresh Win32 EDIT with bare SendInput / clipboard + Ctrl+V and none of our code, same run, same clock';

/** What each measured row's floor does the same of. */
const FLOOR_OF = { DICTATED_TEXT: 'the same text', ASYNC_CORRECTION: 'the same correction' } as const;

/** The floor row of a text or correction row (same mode), when the lane printed one. */
function floorOf(name: string, rows: z.infer<typeof Row>[]): z.infer<typeof Row> | undefined {
  const mode = /, (paste|type)$/.exec(name)?.[1];
  const kind = name.split(' ')[0];
  if (!mode || (kind !== 'DICTATED_TEXT' && kind !== 'ASYNC_CORRECTION')) return undefined;
  const same = FLOOR_OF[kind];
  return rows.find((r) => r.targetMs === null && r.name.includes(same) && r.name.endsWith(`, ${mode}`));
}

/** The rows in the lane's output, in order. */
export function parseRows(out: string): z.infer<typeof Row>[] {
  return out.split('\n').flatMap((line) => {
    const json = LINE.exec(line)?.[1];
    const row = json === undefined ? undefined : Row.safeParse(JSON.parse(json));
    return row?.success ? [row.data] : [];
  });
}

/** Runs the lane's `suite` only; its exit code and stdout (its progress goes to our stderr). */
export function lane(suite: string): Promise<{ code: number | null; out: string }> {
  const child = spawn('bash', ['test/windows/run.sh'], {
    env: { ...process.env, WINDOWS_LANE_ONLY: `^${suite}$`, WINDOWS_LANE_BENCH: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}
