/** One note section edited by hand: whether it is blank, and the content an edit saves. */
import type { SectionContent } from '../../../preload/contract/index.ts';

/** A blank section says so rather than looking like something failed to load; it has nothing to copy. */
export function sectionIsEmpty(content: SectionContent): boolean {
  if (content.type === 'TEXT') return content.text.trim() === '';
  return content.type === 'SUBSECTIONS' && content.subsections.every((s) => s.text.trim() === '');
}

/** The texts an edit starts from: the section's text, or one per subsection. */
export function sectionDrafts(content: SectionContent): { text: string; subsections: string[] } {
  if (content.type === 'TEXT') return { text: content.text, subsections: [] };
  if (content.type === 'SUBSECTIONS')
    return { text: '', subsections: content.subsections.map((s) => s.text) };
  return { text: '', subsections: [] };
}

/** The content to save: subsections keep their ids and titles and take the edited texts. */
export function editedContent(content: SectionContent, text: string, subsections: string[]): SectionContent {
  if (content.type === 'SUBSECTIONS')
    return {
      type: 'SUBSECTIONS',
      subsections: content.subsections.map((s, i) => ({ ...s, text: subsections[i] ?? s.text })),
    };
  return { type: 'TEXT', text };
}
