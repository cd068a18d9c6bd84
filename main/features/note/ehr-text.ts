/**
 * Plain text laid out for pasting into an EHR field: no markdown, simple hyphen bullets, no trailing
 * spaces, at most one blank line in a row. A section copies as its body only (it goes into the matching
 * EHR field); the whole note carries upper-case headings.
 */
import type { Note, SectionContent } from '../../../preload/contract/index.ts';

/** Cleans one block of text for an EHR field. */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^(\s*)[•*·]\s+/gm, '$1- ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A section body: TEXT as is; SUBSECTIONS as "Title" then its text, one blank line between problems. */
export function sectionText(content: SectionContent): string {
  switch (content.type) {
    case 'TEXT':
      return plainText(content.text);
    case 'SUBSECTIONS':
      return content.subsections
        .map((sub) =>
          [plainText(sub.title), plainText(sub.text)].filter((part) => part.length > 0).join('\n'),
        )
        .filter((block) => block.length > 0) // an empty subsection adds no blank lines
        .join('\n\n');
    case 'UNSUPPORTED':
      return '';
    default: {
      const unreachable: never = content;
      return unreachable;
    }
  }
}

/**
 * Stands in the whole-note text for a section of a content type this version cannot read (the app shows
 * the same section as "a format this version of the app cannot show"), so it never vanishes unnoticed.
 */
const UNSUPPORTED_SECTION_TEXT = '[This section could not be shown by this version of Scribe]';

/**
 * The whole note: "HEADING:" then the body, sections separated by one blank line. A section the service left
 * untitled is headed by `names` (the window's title for its key), else by its key.
 */
export function noteText(note: Note, names: Readonly<Record<string, string>> = {}): string {
  return note.sections
    .map((section) => ({
      heading: `${plainText(section.title ?? names[section.key] ?? section.key).toUpperCase()}:`,
      body: section.content.type === 'UNSUPPORTED' ? UNSUPPORTED_SECTION_TEXT : sectionText(section.content),
    }))
    .filter((part) => part.body.length > 0)
    .map((part) => `${part.heading}\n${part.body}`)
    .join('\n\n');
}

/** Line endings for the platform's EHR clients (Windows fields expect CRLF). */
export function withLineEndings(text: string, platform: string): string {
  return platform === 'win32' ? text.replace(/\n/g, '\r\n') : text;
}
