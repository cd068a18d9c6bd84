/**
 * A written note's evidence, as the Note screen and `scribe note --evidence` show it: the note laid out as
 * passages (each TEXT section; the text of each problem of a merged Assessment and Plan),
 * each sentence linked to the transcript items that support it (evidence.ts). One function for both doors.
 */
import type { PassageEvidence } from '../../../preload/contract/evidence-codes.ts';
import type { NoteEvidence } from '../../../preload/contract/dto-evidence.ts';
import type { Note, NoteSection } from '../../../preload/contract/dto-note.ts';
import { linkEvidence, type EvidenceItem, type NotePassage } from './evidence.ts';

/** The passages of a note's sections: a problem's key is `SECTION/problem-id`. */
function notePassages(sections: readonly NoteSection[]): NotePassage[] {
  return sections.flatMap((section): NotePassage[] => {
    if (section.content.type === 'TEXT') return [{ key: section.key, text: section.content.text }];
    if (section.content.type === 'SUBSECTIONS')
      return section.content.subsections.map((sub) => ({
        key: `${section.key}/${sub.id}`,
        text: sub.text,
      }));
    return [];
  });
}

/** The evidence of a note's sections against the visit's transcript items. */
function noteEvidence(sections: readonly NoteSection[], items: readonly EvidenceItem[]): PassageEvidence[] {
  return linkEvidence(notePassages(sections), items);
}

/** A locale's language: "ENGLISH_US" and "ENGLISH_UK" are both English. */
const languageOf = (locale: string) => locale.split(/[_-]/)[0]!.toUpperCase();

/**
 * The evidence of a note as the Note screen shows it. A note in a language the visit was not recorded in is
 * not linked at all (a French note of an English conversation shares none of its words: every sentence
 * would be "not found"), and says so once; `speechLocales` empty means the visit's are not known.
 */
export function evidenceOfNote(
  note: Pick<Note, 'locale' | 'sections' | 'revision'>,
  items: readonly EvidenceItem[],
  speechLocales: readonly string[],
): NoteEvidence {
  const spoken = speechLocales.map(languageOf);
  if (spoken.length > 0 && !spoken.includes(languageOf(note.locale)))
    return { revision: note.revision, otherLanguage: true, passages: [] };
  return { revision: note.revision, passages: noteEvidence(note.sections, items) };
}
