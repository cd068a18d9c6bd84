/**
 * Fix of a flag on a note section finds the flagged words by their place among the same words in the
 * section's checked text, and puts the value back in the content as written (TEXT, or a subsection's text).
 */
import { describe, expect, it } from 'vitest';
import { fixedContent } from '../../../../main/features/note/note-fix.ts';
import { sectionText } from '../../../../main/features/note/ehr-text.ts';
import type { SectionContent } from '../../../../preload/contract/index.ts';

const fixAt = (content: SectionContent, from: string, to: string, nth: number) => {
  const checked = sectionText(content);
  let start = -1;
  for (let i = 0; i <= nth; i++) start = checked.indexOf(from, start + 1);
  return fixedContent(content, checked, { from, to, start });
};

describe('putting a flagged value back in a note section', () => {
  it('replaces the same occurrence, in the case written, in the raw text', () => {
    const text = { type: 'TEXT' as const, text: '**Aspirin** 810 mg daily.\nThen 810 mg twice.' };
    expect(fixAt(text, '810 mg', '81 mg', 1)).toEqual({
      type: 'TEXT',
      text: '**Aspirin** 810 mg daily.\nThen 81 mg twice.',
    });
    const named = { type: 'TEXT' as const, text: 'Hydroxyzine for blood pressure.' };
    expect(fixAt(named, 'Hydroxyzine', 'hydralazine', 0)).toEqual({
      type: 'TEXT',
      text: 'Hydralazine for blood pressure.',
    });
  });

  it('finds the words in a subsection, titles counted as the checked text has them', () => {
    const content: SectionContent = {
      type: 'SUBSECTIONS',
      subsections: [
        { id: 'a', title: 'Pain', text: 'Aspirin 810 mg.' },
        { id: 'b', title: 'Heart', text: 'Aspirin 810 mg daily.' },
      ],
    };
    expect(fixAt(content, '810 mg', '81 mg', 1)).toEqual({
      type: 'SUBSECTIONS',
      subsections: [
        { id: 'a', title: 'Pain', text: 'Aspirin 810 mg.' },
        { id: 'b', title: 'Heart', text: 'Aspirin 81 mg daily.' },
      ],
    });
  });

  it('refuses when the words are not where the flag says', () => {
    const text = { type: 'TEXT' as const, text: 'Aspirin 81 mg daily.' };
    expect(fixedContent(text, sectionText(text), { from: '810 mg', to: '81 mg', start: 8 })).toBeNull();
  });
});
