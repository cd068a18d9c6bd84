/**
 * `npm run bench -- check` (its last row): linked evidence for a 30-minute visit's note — 360 transcript
 * items (a line every 5 s) made of the evaluation set's sentences and the sample conversation, and a note of
 * 60 sentences drawn from them, some with a dose or a side changed, some that nobody said.
 */
import { performance } from 'node:perf_hooks';
import { linkEvidence } from '../../main/core/checks/evidence.ts';
import { evidenceOfNote } from '../../main/core/checks/note-evidence.ts';
import { SAMPLE_VISIT_SCRIPT } from '../../main/programs/local-service/clinical/sample-script.ts';
import { FLAG_SET } from '../fixtures/checks/flag-set.ts';
import { NEGATION_SET } from '../fixtures/checks/negation-set.ts';
import { fmt, percentile, type BenchRow } from './report.ts';

function visit() {
  const said = [
    ...SAMPLE_VISIT_SCRIPT.transcript,
    ...FLAG_SET.map((c) => c.text),
    ...NEGATION_SET.map(([t]) => t),
  ];
  const items = Array.from({ length: 360 }, (_, i) => ({ id: `item-${i}`, text: said[i % said.length]! }));
  const note = Array.from({ length: 60 }, (_, i) => {
    const line = said[(i * 7) % said.length]!;
    if (i % 10 === 3) return 'Family history of colon cancer in the father.';
    if (i % 10 === 6) return line.replace(/\d+/, (n) => String(Number(n) * 10)).replace(/\bleft\b/, 'right');
    return line;
  });
  const passages = [0, 1, 2, 3, 4, 5].map((p) => ({
    key: `S${p}`,
    text: note.slice(p * 10, p * 10 + 10).join(' '),
  }));
  return { items, passages };
}

/** The time to link a 30-minute visit's note to its transcript. */
export function evidenceRow(): BenchRow {
  const { items, passages } = visit();
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
  const { transcript, notes } = SAMPLE_VISIT_SCRIPT;
  const items = transcript.map((text, id) => ({ id: String(id), text }));
  const counts = Object.entries(notes).map(([language, note]) => {
    const sections = [
      ...Object.entries(note.sections).map(([key, text]) => ({ key, text: text ?? '' })),
      ...note.problems.map((p, i) => ({ key: `ASSESSMENT_AND_PLAN/${i}`, text: p.text })),
    ].map(({ key, text }) => ({ key, title: null, content: { type: 'TEXT' as const, text } }));
    const locale = language === 'fr' ? 'FRENCH_FR' : 'ENGLISH_US';
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
