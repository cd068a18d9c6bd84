/**
 * A written note's evidence, as the Note screen and `scribe note --evidence` show it: the note laid out as
 * passages (each TEXT section; the text of each problem of a merged Assessment and Plan),
 * each sentence linked to the transcript items that support it (evidence.ts). One function for both doors.
 */
import type { PassageEvidence } from '../../../preload/contract/evidence-codes.ts';
import type { NoteSection } from '../../../preload/contract/dto-note.ts';
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
export function noteEvidence(
  sections: readonly NoteSection[],
  items: readonly EvidenceItem[],
): PassageEvidence[] {
  return linkEvidence(notePassages(sections), items);
}
