/**
 * Versions shape note bodies (public facts, confirmed from the vendor's client): a request under a version
 * before 2026-08-25 carries notes with a flat `sections[].text` and receives them so; from 2026-08-25 the
 * `content` union. The handlers work on the `content` form only: request bodies are lifted to it before
 * they are parsed, and answers lowered from it after, so each rule lives once, here.
 */
import { badRequest } from './errors.ts';
import { atLeast } from './versions.ts';

/** The version that replaced the flat `text` of note and source-note sections by the `content` union. */
const CONTENT_UNION_SINCE = '2026-08-25';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Request fields that hold a note (`sections[{key, …}]`) or a source note (`sections[{kind, …}]`). */
const NOTE_FIELDS = ['note', 'current_note'] as const;
const SOURCE_NOTE_FIELDS = ['source_note'] as const;

/**
 * A request body with every flat note section lifted to `content: {type: TEXT, text}` when the version is
 * before 2026-08-25. A section that already has `content` under such a version is refused (strict: that
 * shape does not exist yet); from 2026-08-25 the body is left alone and the strict schemas refuse `text`.
 */
export function liftNoteBodies(body: unknown, version: string): unknown {
  if (atLeast(version, CONTENT_UNION_SINCE) || !isObject(body)) return body;
  const lifted: Json = { ...body };
  for (const field of NOTE_FIELDS) if (field in lifted) lifted[field] = liftSections(lifted[field], field);
  for (const field of SOURCE_NOTE_FIELDS)
    if (field in lifted) lifted[field] = liftSections(lifted[field], field);
  const context = lifted.structured_context;
  if (isObject(context) && 'source_note' in context) {
    lifted.structured_context = {
      ...context,
      source_note: liftSections(context.source_note, 'structured_context.source_note'),
    };
  }
  return lifted;
}

function liftSections(note: unknown, field: string): unknown {
  if (!isObject(note) || !Array.isArray(note.sections)) return note;
  const sections = note.sections.map((section: unknown, index) => {
    if (!isObject(section)) return section;
    if ('content' in section) {
      throw badRequest(
        `${field}.sections.${index}.content needs API version ${CONTENT_UNION_SINCE}; this version takes a flat text`,
      );
    }
    if (typeof section.text !== 'string') {
      throw badRequest(`${field}.sections.${index}.text is required (a string) in this API version`);
    }
    const { text, ...rest } = section;
    return { ...rest, content: { type: 'TEXT', text } };
  });
  return { ...note, sections };
}

/** An answer with its notes (`note`, or a job's `payload.note`) lowered to flat text before 2026-08-25. */
export function lowerNoteBodies(body: unknown, version: string): unknown {
  if (atLeast(version, CONTENT_UNION_SINCE) || !isObject(body)) return body;
  if (isObject(body.note)) return { ...body, note: lowerSections(body.note) };
  if (isObject(body.payload) && isObject(body.payload.note)) {
    return { ...body, payload: { ...body.payload, note: lowerSections(body.payload.note) } };
  }
  return body;
}

function lowerSections(note: Json): Json {
  if (!Array.isArray(note.sections)) return note;
  const sections = note.sections.map((section: unknown) => {
    if (!isObject(section) || !isObject(section.content)) return section;
    const { content, ...rest } = section;
    return { ...rest, text: flatText(content) };
  });
  return { ...note, sections };
}

/** The flat text of a `content` union: the text, or each subsection as its title line then its text. */
function flatText(content: Json): string {
  if (content.type === 'TEXT') return typeof content.text === 'string' ? content.text : '';
  const subsections = Array.isArray(content.subsections) ? content.subsections : [];
  return subsections
    .filter(isObject)
    .map((sub) => [sub.title, sub.text].filter((part) => typeof part === 'string' && part).join('\n'))
    .join('\n\n');
}
