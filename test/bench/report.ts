/**
 * The shape every benchmark returns and the table `npm run bench` prints. Figures are printed, never
 * asserted: a miss is something to explain, not a failed build.
 */

/** One printed line: what was measured, the figure, the target it is compared with. */
export interface BenchRow {
  name: string;
  /** The figure as printed, units included (e.g. "1234× real time", "0.41 ms"). */
  figure: string;
  /** The target as printed (e.g. "≥ 500×"). */
  target: string;
  /** true = met, false = missed, undefined = informational (no target of its own). */
  pass: boolean | undefined;
  /** Short context: sample counts, percentiles, how it was measured. */
  note?: string;
}

/** A benchmark that could not run here, with the reason (missing file, no Chromium, …). */
export function skippedRow(name: string, reason: string): BenchRow {
  return { name, figure: `skipped: ${reason}`, target: '', pass: undefined };
}

/** Renders rows as a fixed-width text table. */
export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['benchmark', 'figure', 'target', 'result'];
  const body = rows.map((r) => [
    r.name,
    r.figure,
    r.target,
    r.pass === undefined ? (r.figure.startsWith('skipped') ? 'skip' : 'info') : r.pass ? 'pass' : 'MISS',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' │ ');
  const out = [line(header), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...body.map(line)];
  const notes = rows.filter((r) => r.note).map((r) => `  ${r.name}: ${r.note}`);
  if (notes.length > 0) out.push('', 'notes:', ...notes);
  return out.join('\n');
}

/** The p-th percentile (0–100) of unsorted samples, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Number with fixed decimals, for figures. */
export function fmt(value: number, decimals = 2): string {
  return value.toFixed(decimals);
}
