import { describe, expect, it } from 'vitest';
import type { SectionContent } from '../../../preload/contract/index.ts';
import {
  addProblem,
  moveProblem,
  problemDrafts,
  problemsContent,
  removeProblem,
} from '../../../renderer/lib/state/problem-drafts.ts';

const plan: SectionContent = {
  type: 'SUBSECTIONS',
  subsections: [
    { id: 'problem-1', title: 'Hypertension', text: 'Continue lisinopril.' },
    { id: 'problem-3', title: 'Diabetes', text: 'Start metformin.' },
  ],
};

describe('the problems of Assessment and Plan edited by hand', () => {
  it('starts from copies of the subsections, or from none in an empty section', () => {
    const drafts = problemDrafts(plan);
    drafts[0]!.text = 'changed';
    expect(plan.type === 'SUBSECTIONS' && plan.subsections[0]!.text).toBe('Continue lisinopril.');
    expect(problemDrafts({ type: 'SUBSECTIONS', subsections: [] })).toEqual([]);
  });

  it('adds a problem to an empty section, and each added one has an id of its own', () => {
    const one = addProblem([]);
    expect(one).toEqual([{ id: 'problem-1', title: '', text: '' }]);
    const ids = addProblem(addProblem(problemDrafts(plan))).map((p) => p.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('moves a problem up and down, and leaves the order alone at either end', () => {
    const drafts = problemDrafts(plan);
    expect(moveProblem(drafts, 1, -1).map((p) => p.title)).toEqual(['Diabetes', 'Hypertension']);
    expect(moveProblem(drafts, 0, 1).map((p) => p.title)).toEqual(['Diabetes', 'Hypertension']);
    expect(moveProblem(drafts, 0, -1).map((p) => p.title)).toEqual(['Hypertension', 'Diabetes']);
    expect(moveProblem(drafts, 1, 1).map((p) => p.title)).toEqual(['Hypertension', 'Diabetes']);
  });

  it('removes a problem', () => {
    expect(removeProblem(problemDrafts(plan), 0).map((p) => p.id)).toEqual(['problem-3']);
  });

  it('saves titles and texts in order, ids kept, blank problems dropped', () => {
    const drafts = addProblem(moveProblem(problemDrafts(plan), 1, -1));
    drafts[0]!.title = '  Type 2 diabetes ';
    expect(problemsContent(drafts)).toEqual({
      ok: true,
      content: {
        type: 'SUBSECTIONS',
        subsections: [
          { id: 'problem-3', title: 'Type 2 diabetes', text: 'Start metformin.' },
          { id: 'problem-1', title: 'Hypertension', text: 'Continue lisinopril.' },
        ],
      },
    });
  });

  it('refuses a problem with text but no title, naming its position', () => {
    const drafts = addProblem(addProblem([]));
    drafts[1]!.text = 'Rest and fluids.';
    expect(problemsContent(drafts)).toEqual({ ok: false, untitled: 1 });
  });
});
