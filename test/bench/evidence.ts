/**
 * `npm run bench -- check` (its last row): linked evidence for a 30-minute visit's note (the visit of
 * test/fixtures/checks/evidence-visits.ts).
 */
import { performance } from 'node:perf_hooks';
import { linkEvidence, type EvidenceItem, type NotePassage } from '../../main/core/checks/evidence.ts';
import { evidenceOfNote } from '../../main/core/checks/note-evidence.ts';
import { longVisit, sampleVisitNotes } from '../fixtures/checks/evidence-visits.ts';
import { fmt, percentile, type BenchRow } from './report.ts';

/** The times (ms) of linking the note, each time to items made by `itemsOf(round)`, after a warm-up. */
function timesOf(passages: readonly NotePassage[], itemsOf: (round: number) => EvidenceItem[]) {
  for (let round = 0; round < 3; round++) linkEvidence(passages, itemsOf(round)); // warm up
  const samples: number[] = [];
  let marks = 0;
  for (let round = 3; round < 18; round++) {
    const items = itemsOf(round);
    const started = performance.now();
    const linked = linkEvidence(passages, items);
    samples.push(performance.now() - started);
    marks = linked.flatMap((p) => p.sentences).reduce((n, s) => n + s.marks.length, 0);
  }
  return { samples, marks };
}

/**
 * The time to link a 30-minute visit's note to its transcript: the first time (a transcript never linked:
 * its lines are read), and again (the note revised, the transcript the same: its lines were read already).
 * A round's transcript is new by the spaces its lines end with, which change no link.
 */
export function evidenceRow(): BenchRow {
  const { items, passages } = longVisit();
  const fresh = (round: number) => items.map(({ id, text }) => ({ id, text: text + ' '.repeat(round + 1) }));
  const first = timesOf(passages, fresh);
  const again = timesOf(passages, () => items);
  const p95 = percentile(first.samples, 95);
  const ms = (samples: number[], p: number) => `${fmt(percentile(samples, p), 1)} ms`;
  const words = items.reduce((n, item) => n + item.text.split(/\s+/).filter(Boolean).length, 0);
  const distinct = new Set(items.map((item) => item.text)).size;
  return {
    name: 'check: evidence for a 30-minute visit’s note (median / p95)',
    figure: `${ms(first.samples, 50)} / ${ms(first.samples, 95)}`,
    target: '≤ 200 ms',
    pass: p95 <= 200,
    note: `${items.length} transcript items (${distinct} distinct, ${words} words), ${passages.length} sections of 10 sentences, ${first.marks} marks, ${first.samples.length} runs; the note revised: median ${ms(again.samples, 50)}, p95 ${ms(again.samples, 95)}`,
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
