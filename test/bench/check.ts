/**
 * `npm run bench -- check`: the clinical text checks (main/core/checks) on their evaluation set
 * (test/fixtures/checks): precision and recall per kind of flag, the negation check's F1 per polarity, and
 * the time to check one sentence with the sample visit's whole note and transcript as its earlier text, and
 * the time to link a 30-minute visit's note to its transcript (evidence.ts).
 */
import { performance } from 'node:perf_hooks';
import { checkText } from '../../main/core/checks/check-text.ts';
import { SAMPLE_VISIT_SCRIPT } from '../../main/programs/local-service/clinical/sample-script.ts';
import { FLAG_KINDS } from '../../preload/contract/text-check-codes.ts';
import { f1, precision, recall, scoreFlags, scoreNegation } from '../fixtures/checks/evaluate.ts';
import { FLAG_SET } from '../fixtures/checks/flag-set.ts';
import { NEGATION_SET } from '../fixtures/checks/negation-set.ts';
import { evidenceRow, sampleEvidenceRow } from './evidence.ts';
import { fmt, percentile, type BenchRow } from './report.ts';

const pct = (x: number) => `${fmt(x * 100, 1)} %`;

function flagRows(): BenchRow[] {
  const { byKind, misses } = scoreFlags();
  return FLAG_KINDS.map((kind) => {
    const c = byKind[kind];
    return {
      name: `check: ${kind} precision / recall`,
      figure: `${pct(precision(c))} / ${pct(recall(c))}`,
      target: 'informational',
      pass: undefined,
      note: `${c.tp} found, ${c.fp} false alarms, ${c.fn} missed; ${misses.length} of ${FLAG_SET.length} cases off`,
    };
  });
}

function negationRow(): BenchRow {
  const { byPolarity, misses } = scoreNegation();
  const negated = f1(byPolarity.negated);
  const all = Object.values(byPolarity);
  return {
    name: 'check: negation F1 (negated)',
    figure: fmt(negated, 3),
    target: '≥ 0.95',
    pass: negated >= 0.95,
    note: `affirmed ${fmt(f1(byPolarity.affirmed), 3)}, possible ${fmt(f1(byPolarity.possible), 3)}; ${all.reduce((n, c) => n + c.tp, 0)} findings right, ${misses.length} of ${NEGATION_SET.length} sentences off`,
  };
}

function timeRow(): BenchRow {
  const note = SAMPLE_VISIT_SCRIPT.notes.en;
  const earlier = [...SAMPLE_VISIT_SCRIPT.transcript, ...Object.values(note.sections)].join('\n');
  const sentences = [...FLAG_SET.map((c) => c.text), ...NEGATION_SET.map(([text]) => text)];
  for (const text of sentences) checkText(text, { earlier }); // warm up
  const samples: number[] = [];
  for (let round = 0; round < 20; round++)
    for (const text of sentences) {
      const started = performance.now();
      checkText(text, { earlier, before: text });
      samples.push(performance.now() - started);
    }
  const p95 = percentile(samples, 95);
  return {
    name: 'check: time per sentence (p95)',
    figure: `${fmt(p95, 3)} ms`,
    target: '≤ 5 ms',
    pass: p95 <= 5,
    note: `${samples.length} checks of one sentence with ${earlier.length} characters of earlier text and a correction's before; p50 ${fmt(percentile(samples, 50), 3)} ms`,
  };
}

/** The check benchmark's rows. */
export async function benchCheck(): Promise<BenchRow[]> {
  return [...flagRows(), negationRow(), timeRow(), evidenceRow(), sampleEvidenceRow()];
}
