/**
 * The commands that place the selection or the caret (select that, unselect that, insert before / after
 * ‹words›, go to end / top, and in the dictation box next / previous field), applied to the dictation's own
 * text: in the dictation box (`box`) the text's selection or caret moves there; in another application the
 * text only keeps the words said before the command, and the runner acts in the field.
 */
import type { CommandKind } from '../../../../preload/contract/command-phrases.ts';
import { TEMPLATE_MARKERS, type TemplateMarker } from '../../../../preload/contract/dictation-codes.ts';
import type { DictatedDocument } from './dictated-document.ts';
import type { RecognizedCommand } from './recognize.ts';

/** The commands that find their place in the text: select ‹words›, select / unselect that, insert before / after. */
const FINDING: readonly CommandKind[] = [
  'select',
  'select_that',
  'unselect',
  'insert_before',
  'insert_after',
];

/** Next and previous field: in the dictation box they walk its own text's blanks. */
export const FIELD_MOVES: ReadonlySet<CommandKind> = new Set(['next_field', 'previous_field']);

/** The commands that need the field's text: select ‹words› and those placed here. */
export const READING_COMMANDS: ReadonlySet<CommandKind> = new Set([...FINDING, 'go_end', 'go_top']);

/** The commands that select in the dictation box (and report whether they found something to act on). */
export const SELECTING: ReadonlySet<CommandKind> = new Set([...FINDING, ...FIELD_MOVES]);

/**
 * What the command did (`found`, or ''), or undefined when it is not one of these commands; `markers`: the
 * blanks "next field" counts.
 */
export function placeInText(
  command: RecognizedCommand,
  doc: DictatedDocument,
  box: boolean,
  markers: readonly TemplateMarker[] = TEMPLATE_MARKERS,
): string | undefined {
  const { kind } = command;
  if (kind === 'select_that' || kind === 'unselect') {
    doc.insert(command.before, true);
    if (!box) return '';
    return (kind === 'select_that' ? doc.selectLast() : doc.unselect()) ? 'found' : '';
  }
  if (kind === 'insert_before' || kind === 'insert_after') {
    doc.insert(command.before, true);
    // In another application the runner puts the field's caret there.
    const where = kind === 'insert_before' ? 'before' : 'after';
    return box && doc.caretBeside(command.words ?? '', where) ? 'found' : '';
  }
  if (FIELD_MOVES.has(kind) && box) {
    doc.insert(command.before, true);
    // In another application the runner moves the field's selection (the navigator).
    return doc.selectField(kind === 'next_field' ? 'next' : 'previous', markers) ? 'found' : '';
  }
  if (kind === 'go_end' || kind === 'go_top') {
    doc.insert(command.before, true);
    // In the box the caret is the text's own; in another application the runner moves it there.
    if (box) doc.caretTo(kind === 'go_end' ? 'end' : 'top');
    return '';
  }
  return undefined;
}
