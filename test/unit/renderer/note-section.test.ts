import { describe, expect, it } from 'vitest';
import type { SectionContent } from '../../../preload/contract/index.ts';
import { editedContent, sectionDrafts, sectionIsEmpty } from '../../../renderer/lib/state/note-section.ts';

const subsections: SectionContent = {
  type: 'SUBSECTIONS',
  subsections: [
    { id: 'a', title: 'Hypertension', text: 'Continue lisinopril.' },
    { id: 'b', title: 'Diabetes', text: ' ' },
  ],
} as SectionContent;

describe('a note section edited by hand', () => {
  it('is empty when every text is blank; an unsupported format is never empty', () => {
    expect(sectionIsEmpty({ type: 'TEXT', text: '  \n' })).toBe(true);
    expect(sectionIsEmpty(subsections)).toBe(false);
    expect(sectionIsEmpty({ type: 'UNSUPPORTED', originalType: 'TABLE' })).toBe(false);
  });

  it('starts from the texts and saves them with the subsections’ ids and titles kept', () => {
    const drafts = sectionDrafts(subsections);
    expect(drafts.subsections).toEqual(['Continue lisinopril.', ' ']);
    expect(editedContent(subsections, '', ['Stop lisinopril.', 'Start metformin.'])).toEqual({
      type: 'SUBSECTIONS',
      subsections: [
        { id: 'a', title: 'Hypertension', text: 'Stop lisinopril.' },
        { id: 'b', title: 'Diabetes', text: 'Start metformin.' },
      ],
    });
    expect(editedContent({ type: 'TEXT', text: 'old' }, 'new', [])).toEqual({ type: 'TEXT', text: 'new' });
    expect(sectionDrafts({ type: 'TEXT', text: 'old' }).text).toBe('old');
  });
});
