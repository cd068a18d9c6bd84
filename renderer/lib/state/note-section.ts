/** One note section as the window shows it: its heading, and whether it is blank. */
import type { NoteSection, SectionContent } from '../../../preload/contract/index.ts';
import { sectionTitle } from '../../../preload/words/window.ts';

/** A blank section says so rather than looking like something failed to load; it has nothing to copy. */
export function sectionIsEmpty(content: SectionContent): boolean {
  if (content.type === 'TEXT') return content.text.trim() === '';
  return (
    content.type === 'SUBSECTIONS' &&
    content.subsections.every((s) => s.title.trim() === '' && s.text.trim() === '')
  );
}

/** The service's title, or, for a section it left untitled, the key's title in the window's language. */
export function sectionHeading(section: Pick<NoteSection, 'key' | 'title'>): string {
  return section.title ?? sectionTitle(section.key);
}

/** The window's titles of the untitled sections, by key: a copy of the whole note heads them so. */
export function untitledSectionNames(
  sections: readonly Pick<NoteSection, 'key' | 'title'>[],
): Record<string, string> {
  return Object.fromEntries(
    sections.filter((s) => s.title === null).map((s) => [s.key, sectionTitle(s.key)]),
  );
}
