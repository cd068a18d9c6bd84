/**
 * `npm run bench -- check` (its last row): linked evidence for a 30-minute visit's note (the visit of
 * test/fixtures/checks/evidence-visits.ts).
 */
import { performance } from 'node:perf_hooks';
import { linkEvidence } from '../../main/core/checks/evidence.ts';
import { evidenceOfNote } from '../../main/core/checks/note-evidence.ts';
import { longVisit, sampleVisitNotes } from '../fixtures/checks/evidence-visits.ts';
import { fmt, percentile, type BenchRow } from './report.ts';

/** The time to link a 30-minute visit's note to its transcript. */
export function evidenceRow(): BenchRow {
  const { items, passages } = longVisit();
  for (let i = 0; i < 3; i++) linkEvidence(passages, items); // warm up
  const samples: number[] = [];
  let marks = 0;
  for (let round = 0; round < 15; round++) {
    const started = performance.now();
    const linked = linkEvidence(passages, items);
    samples.push(performance.now() - started);
    marks = linked.flatMap((p) => p.sentences).reduce((n, s) => n + s.marks.length, 0);
  }
  const p50 = percentile(samples, 50);
  return {
    name: 'check: evidence for a 30-minute visit’s note (median)',
    figure: `${fmt(p50, 1)} ms`,
    target: '≤ 200 ms',
    pass: p50 <= 200,
    note: `${items.length} transcript items, ${passages.length} sections of 10 sentences, ${marks} marks; p95 ${fmt(percentile(samples, 95), 1)} ms`,
  };
}

/**
 * Marks on the sample visit's notes against its conversation (English, recorded as ENGLISH_US): the English
 * note's sections and problems, and the French note, which is in another language and so linked to nothing.
 */
export function sampleEvidenceRow(): BenchRow {
  const { items, notes } = sampleVisitNotes();
  const counts = notes.map(({ language, locale, sections }) => {
    const evidence = evidenceOfNote({ locale, revision: 0, sections }, items, ['ENGLISH_US']);
    const sentences = evidence.passages.flatMap((p) => p.sentences);
    const marks = sentences.reduce((n, s) => n + s.marks.length, 0);
    return { language, marks, sentences: sentences.length, other: evidence.otherLanguage === true };
  });
  const marks = counts.reduce((n, c) => n + c.marks, 0);
  return {
    name: 'check: evidence marks on the sample visit’s notes',
    figure: String(marks),
    target: '0',
    pass: marks === 0,
    note: counts
      .map((c) => `${c.language}: ${c.other ? 'other language, not linked' : `${c.sentences} sentences`}`)
      .join('; '),
  };
}
