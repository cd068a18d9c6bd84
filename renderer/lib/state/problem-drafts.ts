/** The problems of Assessment and Plan while edited by hand: added, changed, removed and reordered. */
import type { SectionContent } from '../../../preload/contract/index.ts';

/** One problem (a subsection) as the clinician edits it. */
export interface ProblemDraft {
  readonly id: string;
  title: string;
  text: string;
}

/** The problems an edit starts from, in order, each a copy (the note on screen is not touched). */
export function problemDrafts(content: SectionContent): ProblemDraft[] {
  return content.type === 'SUBSECTIONS' ? content.subsections.map((s) => ({ ...s })) : [];
}

/** A blank problem at the end, with an id no other problem of the section has. */
export function addProblem(problems: readonly ProblemDraft[]): ProblemDraft[] {
  const ids = new Set(problems.map((p) => p.id));
  let n = problems.length + 1;
  while (ids.has(`problem-${n}`)) n++;
  return [...problems, { id: `problem-${n}`, title: '', text: '' }];
}

/** The problems with the one at `index` moved up (-1) or down (+1); unchanged at either end. */
export function moveProblem(problems: readonly ProblemDraft[], index: number, by: -1 | 1): ProblemDraft[] {
  const target = index + by;
  const moved = [...problems];
  if (index < 0 || target < 0 || target >= moved.length) return moved;
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/** The problems without the one at `index`. */
export function removeProblem(problems: readonly ProblemDraft[], index: number): ProblemDraft[] {
  return problems.filter((_, i) => i !== index);
}

/**
 * The content to save: problems left blank (no title, no text) are dropped; a problem with text but no
 * title is refused (`untitled`, its position), since a problem is read and coded by its title.
 */
export function problemsContent(
  problems: readonly ProblemDraft[],
): { ok: true; content: SectionContent } | { ok: false; untitled: number } {
  const kept = problems
    .map((p) => ({ id: p.id, title: p.title.trim(), text: p.text }))
    .filter((p) => p.title !== '' || p.text.trim() !== '');
  const untitled = kept.findIndex((p) => p.title === '');
  if (untitled >= 0) return { ok: false, untitled: problems.findIndex((p) => p.id === kept[untitled]!.id) };
  return { ok: true, content: { type: 'SUBSECTIONS', subsections: kept } };
}
