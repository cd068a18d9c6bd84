import { describe, expect, it } from 'vitest';
import type { SectionContent } from '../../../preload/contract/index.ts';
import { sectionIsEmpty } from '../../../renderer/lib/state/note-section.ts';

describe('a note section', () => {
  it('is empty when every title and text is blank; an unsupported format is never empty', () => {
    expect(sectionIsEmpty({ type: 'TEXT', text: '  \n' })).toBe(true);
    expect(sectionIsEmpty({ type: 'SUBSECTIONS', subsections: [] })).toBe(true);
    const titled: SectionContent = {
      type: 'SUBSECTIONS',
      subsections: [{ id: 'a', title: 'Cough', text: '' }],
    };
    expect(sectionIsEmpty(titled)).toBe(false);
    expect(sectionIsEmpty({ type: 'UNSUPPORTED', originalType: 'TABLE' })).toBe(false);
  });
});
