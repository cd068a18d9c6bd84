/**
 * `scribe note --evidence`: after the note, each of its sentences with the numbers of the transcript items
 * that support it (1 is the file's first item) and its marks — not found in the conversation, or a value
 * that differs — through main/core/checks/note-evidence.ts, the code the Note screen uses. Printed to stdout
 * with the note (the clinician's own text); nothing of it goes to stderr.
 */
import { evidenceOfNote } from '../../core/checks/note-evidence.ts';
import type { PassageEvidence } from '../../../preload/contract/evidence-codes.ts';
import type { NoteSection } from '../../../preload/contract/dto-note.ts';
import { words } from '../../../preload/words/index.ts';

/** What `scribe note --evidence` prints: the passages' evidence, or that the note is in another language. */
export type CliEvidence = PassageEvidence[] | 'other_language';

/**
 * The evidence of a note's sections against transcript texts, their ids their place from 1. `languages`:
 * the note's locale and the transcript's speech locales (as `scribe transcribe --json` records them; none:
 * not known, linked); a note in a language the transcript was not said in is not linked, as in the app.
 * `added`: the --context file's text, for sentences that came from it rather than the conversation.
 */
export function evidenceOf(
  sections: readonly NoteSection[],
  said: readonly string[],
  languages: { readonly note: string; readonly speech: readonly string[] } = { note: '', speech: [] },
  added: readonly string[] = [],
): CliEvidence {
  const items = said.map((text, i) => ({ id: String(i + 1), text }));
  const note = { locale: languages.note, sections: [...sections], revision: 0 };
  const evidence = evidenceOfNote(note, items, languages.speech, added);
  return evidence.otherLanguage ? 'other_language' : evidence.passages;
}

/** The passages' texts by key, as evidence.ts read them. */
function passageTexts(sections: readonly NoteSection[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const section of sections)
    if (section.content.type === 'TEXT') texts.set(section.key, section.content.text);
    else if (section.content.type === 'SUBSECTIONS')
      for (const sub of section.content.subsections) texts.set(`${section.key}/${sub.id}`, sub.text);
  return texts;
}

/** The evidence as lines in the CLI's language. */
export function evidenceText(sections: readonly NoteSection[], evidence: CliEvidence): string {
  const said = words().cli.note.evidence;
  if (evidence === 'other_language') return `${said.heading}\n${said.otherLanguage}`;
  const texts = passageTexts(sections);
  const lines = [said.heading];
  for (const passage of evidence) {
    const text = texts.get(passage.key) ?? '';
    for (const sentence of passage.sentences) {
      lines.push(said.sentence(passage.key, text.slice(sentence.start, sentence.end)));
      if (sentence.support.length > 0) lines.push(said.support(sentence.support.join(', ')));
      if (sentence.fromContext) lines.push(said.fromContext);
      for (const mark of sentence.marks)
        lines.push(
          mark.code === 'not_found'
            ? said.notFound
            : said.differs(mark.kind, said.value(mark.note), said.value(mark.said)),
        );
    }
  }
  return lines.join('\n');
}

/** The evidence with each sentence's text, for --json. */
export function evidenceJson(sections: readonly NoteSection[], evidence: CliEvidence) {
  if (evidence === 'other_language') return { otherLanguage: true };
  const texts = passageTexts(sections);
  return evidence.map((passage) => ({
    key: passage.key,
    sentences: passage.sentences.map((s) => ({
      text: (texts.get(passage.key) ?? '').slice(s.start, s.end),
      ...s,
    })),
  }));
}
