/** One note section edited by hand: whether it is blank. */
import type { SectionContent } from '../../../preload/contract/index.ts';

/** A blank section says so rather than looking like something failed to load; it has nothing to copy. */
export function sectionIsEmpty(content: SectionContent): boolean {
  if (content.type === 'TEXT') return content.text.trim() === '';
  return (
    content.type === 'SUBSECTIONS' &&
    content.subsections.every((s) => s.title.trim() === '' && s.text.trim() === '')
  );
}
