/**
 * "Make that a Text": what becomes the new Text (its name is then asked in the dictation box). The words
 * selected by voice (in the box: its selection; in another application: the words "select ‹words›" or
 * "select that" chose there), else everything this dictation wrote so far. Patient text: never logged.
 */
import type { DictatedDocument } from './dictated-document.ts';
import type { RecognizedCommand } from './recognize.ts';

/**
 * For "make that a Text" (said now, before its unit's words are in `doc`): the new Text's `content` ('' when
 * there is nothing to keep); for any other command, nothing.
 */
export function madeText(
  command: RecognizedCommand,
  doc: DictatedDocument,
  fieldWords: string | false | undefined,
): { content?: string } {
  if (command.kind !== 'make_text') return {};
  const selection = doc.selection;
  if (selection)
    return { content: doc.text.slice(selection.start, selection.start + selection.length).trim() };
  if (fieldWords) return { content: fieldWords.trim() };
  return { content: `${doc.text}${command.before}`.trim() };
}
