/**
 * The selection commands in another application's field (issue 29): "select ‹words›", "select that",
 * "unselect that", "insert before / after ‹words›", and "delete that" / the case commands right after a
 * selection by voice. Each acts between the words said before it and those said after (the run holds
 * insertion meanwhile), through the field readers (fields/field-selection.ts); where the field cannot be
 * read, or the words are not in it, the overlay says so and nothing is typed. Once the field's selection or
 * caret moved, what is before the caret is not our dictation: no correction or scratch reaches back.
 */
import type { DictationMessage } from '../../../../preload/contract/index.ts';
import type { FieldEdit, FieldNavigator, InsertionRun } from '../ports.ts';
import type { CommandKind } from '../../../../preload/contract/command-phrases.ts';
import type { HeardCommand } from './command-filter.ts';
import { isRecase } from './dictated-document.ts';

type Code = DictationMessage['code'];
type Says = Partial<Record<FieldEdit, Code>>;
/** The navigator's edit for a command; undefined where the navigator cannot do it here. */
type Edit = (navigator: FieldNavigator, command: HeardCommand) => Promise<FieldEdit> | undefined;

const SELECT: Says = {
  done: 'selected_in_field',
  not_found: 'words_not_in_field',
  unreadable: 'select_unreadable',
};
const BESIDE: Says = {
  done: 'caret_moved',
  at_word_start: 'caret_moved',
  not_found: 'words_not_in_field',
  unreadable: 'caret_unreadable',
};
/** On the selection: with none there, nothing changes. */
const ON: (done: Code) => Says = (done) => ({ done, nothing_selected: 'nothing_to_unselect' });

const select: Edit = (n, c) => n.selectWords?.(c.words ?? '');
const recase: Edit = (n, c) => (isRecase(c.kind) ? n.recaseSelection?.(c.kind) : undefined);

/** What each command does in the field and what each outcome says ("select that": its last phrase's words). */
const EDITS: Partial<Record<CommandKind, readonly [Says, Edit]>> = {
  select: [SELECT, select],
  select_that: [SELECT, select],
  unselect: [{ ...ON('unselected'), unreadable: 'select_unreadable' }, (n) => n.unselect?.()],
  insert_before: [BESIDE, (n, c) => n.caretBeside?.(c.words ?? '', 'before')],
  insert_after: [BESIDE, (n, c) => n.caretBeside?.(c.words ?? '', 'after')],
  delete: [ON('selection_deleted'), (n) => n.deleteSelection?.()],
  cap: [ON('recased'), recase],
  all_caps: [ON('recased'), recase],
  no_caps: [ON('recased'), recase],
};

/** Whether `command` is one of these in another application (the runner hands it here). */
export function isFieldCommand(command: HeardCommand): boolean {
  if (command.onSelection) return true;
  return (
    EDITS[command.kind] !== undefined && !['delete', 'cap', 'all_caps', 'no_caps'].includes(command.kind)
  );
}

/** Runs one of them, between the words before and after; `say` shows the outcome on the overlay. */
export async function runFieldCommand(
  command: HeardCommand,
  run: InsertionRun,
  navigator: FieldNavigator | undefined,
  say: (code: Code) => void,
): Promise<void> {
  const [says, edit] = EDITS[command.kind] ?? [];
  if (!says || !edit) throw new Error(`not a field command: ${command.kind}`);
  if (edit === select && (command.words ?? '') === '') return say('nothing_to_select');
  const done = navigator
    ? await run.between(async () => (await edit(navigator, command)) ?? 'unreadable')
    : 'unreadable';
  if (done === 'done') run.userTyped();
  if (done === 'at_word_start') (run.caretAtWordStart ?? run.userTyped).call(run);
  say(says[done] ?? 'select_unreadable');
}
