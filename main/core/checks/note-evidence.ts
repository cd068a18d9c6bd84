/**
 * A written note's evidence, as the Note screen and `scribe note --evidence` show it: the note laid out as
 * passages (each TEXT section; the text of each problem of a merged Assessment and Plan),
 * each sentence linked to the transcript items that support it (evidence.ts). One function for both doors.
 */
import type { PassageEvidence, SentenceEvidence } from '../../../preload/contract/evidence-codes.ts';
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

/**
 * A sentence the conversation does not cover but the context the clinician added does, saying the same (a
 * diagnosis or the patient's age pasted before writing), is not "not found": it is marked as coming from
 * that context. One the context covers with another value stays "not found", for the clinician to check.
 */
function withContext(
  sentence: SentenceEvidence,
  fromContext: SentenceEvidence | undefined,
): SentenceEvidence {
  const found = (s: SentenceEvidence) => !s.marks.some((m) => m.code === 'not_found');
  // Only where the context says the same: one that differs from it (another dose, a "no") stays not found.
  if (found(sentence) || fromContext === undefined || fromContext.marks.length > 0) return sentence;
  return { ...sentence, marks: sentence.marks.filter((m) => m.code !== 'not_found'), fromContext: true };
}

/**
 * The evidence of a note's sections against the visit's transcript items, and against the context the
 * clinician added to it (each line an item of its own), which counts only where the conversation is silent.
 */
function noteEvidence(
  sections: readonly NoteSection[],
  items: readonly EvidenceItem[],
  added: readonly string[],
): PassageEvidence[] {
  const passages = notePassages(sections);
  const said = linkEvidence(passages, items);
  const lines = added.flatMap((text) => text.split(/\n+/)).filter((line) => line.trim() !== '');
  if (lines.length === 0) return said;
  const context = linkEvidence(
    passages,
    lines.map((text, i) => ({ id: `context-${i}`, text })),
    false,
  );
  return said.map((passage, p) => ({
    ...passage,
    sentences: passage.sentences.map((s, i) => withContext(s, context[p]?.sentences[i])),
  }));
}

/** A locale's language: "ENGLISH_US" and "ENGLISH_UK" are both English. */
const languageOf = (locale: string) => locale.split(/[_-]/)[0]!.toUpperCase();

/**
 * The evidence of a note as the Note screen shows it. A note in a language the visit was not recorded in is
 * not linked at all (a French note of an English conversation shares none of its words: every sentence
 * would be "not found"), and says so once; `speechLocales` empty means the visit's are not known.
 * `added`: the extra context the note was written with (pasted text), for sentences that came from it.
 */
export function evidenceOfNote(
  note: Pick<Note, 'locale' | 'sections' | 'revision'>,
  items: readonly EvidenceItem[],
  speechLocales: readonly string[],
  added: readonly string[] = [],
): NoteEvidence {
  const spoken = speechLocales.map(languageOf);
  if (spoken.length > 0 && !spoken.includes(languageOf(note.locale)))
    return { revision: note.revision, otherLanguage: true, passages: [] };
  return { revision: note.revision, passages: noteEvidence(note.sections, items, added) };
}
