import type { Note, SectionContent } from '../schemas.ts';

/**
 * A deterministic stand-in for "edit the note by instruction". It understands three forms, so tests can
 * see an edit take effect:
 * - `replace "A" with "B"`: every occurrence, in every section and subsection;
 * - `add "text" to SECTION_KEY`: appends a line (to the last subsection of a SUBSECTIONS section);
 * - `clear SECTION_KEY`: empties the section;
 * - a numbered list of the plan (or of a section named by its title), as the Note screen's own example
 *   asks in English, French and Spanish: each line, or each sentence of a paragraph, numbered.
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
  if (NUMBERED.test(instructions)) return numbered(copy, instructions);
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

function mapText(content: SectionContent, change: (text: string) => string, titles = true): SectionContent {
  if (content.type === 'TEXT') return { type: 'TEXT', text: change(content.text) };
  return {
    type: 'SUBSECTIONS',
    subsections: content.subsections.map((sub) => ({
      ...sub,
      title: titles ? change(sub.title) : sub.title,
      text: change(sub.text),
    })),
  };
}

/** "…a numbered list" in the languages the window speaks (its example instruction). */
const NUMBERED = /\b(numbered list|liste numérotée|lista numerada)\b/i;

/** The sections an instruction names: those of the plan when it says "plan", else those whose title it says. */
function namedSections(note: Note, instructions: string): Note['sections'] {
  const said = instructions.toLowerCase();
  if (/\bplan\b/.test(said)) return note.sections.filter((section) => section.key.includes('PLAN'));
  return note.sections.filter((section) => section.title && said.includes(section.title.toLowerCase()));
}

/** Each line of a text, or each sentence when it is one paragraph, numbered 1., 2., … (bullets dropped). */
function numberedText(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const items = lines.length > 1 ? lines : (text.match(/[^.!?]+[.!?]*/g) ?? []);
  return items
    .map((item) => item.trim().replace(/^(?:[-•*]|\d+[.)])\s*/, ''))
    .filter((item) => item !== '')
    .map((item, index) => `${index + 1}. ${item}`)
    .join('\n');
}

function numbered(note: Note, instructions: string): Note {
  for (const section of namedSections(note, instructions))
    section.content = mapText(section.content, numberedText, false);
  return note;
}
