import type { Note, SectionContent } from '../schemas.ts';

/**
 * A deterministic stand-in for "edit the note by instruction". It understands three forms, so tests can
 * see an edit take effect:
 * - `replace "A" with "B"`: every occurrence, in every section and subsection;
 * - `add "text" to SECTION_KEY`: appends a line (to the last subsection of a SUBSECTIONS section);
 * - `clear SECTION_KEY`: empties the section.
 * Any other instruction leaves the note as it was.
 */
export function editNote(note: Note, instructions: string): Note {
  const copy: Note = structuredClone(note);
  const replace = /^\s*replace\s+"([^"]+)"\s+with\s+"([^"]*)"\s*$/i.exec(instructions);
  if (replace) {
    const [, from, to] = replace as unknown as [string, string, string];
    copy.sections = copy.sections.map((section) => ({
      ...section,
      content: mapText(section.content, (text) => text.split(from).join(to)),
    }));
    return copy;
  }
  const add = /^\s*add\s+"([^"]+)"\s+to\s+([A-Z_]+)\s*$/i.exec(instructions);
  if (add) {
    const [, text, key] = add as unknown as [string, string, string];
    const section = copy.sections.find((candidate) => candidate.key === key.toUpperCase());
    if (section?.content.type === 'TEXT')
      section.content.text = section.content.text ? `${section.content.text}\n${text}` : text;
    else if (section?.content.type === 'SUBSECTIONS') {
      const last = section.content.subsections.at(-1);
      if (last) last.text = last.text ? `${last.text}\n${text}` : text;
      else section.content.subsections.push({ id: 'problem-1', title: 'General', text });
    }
    return copy;
  }
  const clear = /^\s*clear\s+([A-Z_]+)\s*$/i.exec(instructions);
  if (clear) {
    const section = copy.sections.find((candidate) => candidate.key === clear[1]!.toUpperCase());
    if (section)
      section.content =
        section.content.type === 'TEXT'
          ? { type: 'TEXT', text: '' }
          : { type: 'SUBSECTIONS', subsections: [] };
  }
  return copy;
}

function mapText(content: SectionContent, change: (text: string) => string): SectionContent {
  if (content.type === 'TEXT') return { type: 'TEXT', text: change(content.text) };
  return {
    type: 'SUBSECTIONS',
    subsections: content.subsections.map((sub) => ({
      ...sub,
      title: change(sub.title),
      text: change(sub.text),
    })),
  };
}
