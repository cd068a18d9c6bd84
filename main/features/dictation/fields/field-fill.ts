/**
 * Accept defaults, field complete and choose ‹item› in the focused field of another application: read its
 * text and selection (the readers "next field" uses), work out the edits (preload/contract/text-fields.ts),
 * then for each, from the last to the first so the earlier offsets hold, select the field and type what
 * replaces it. Where the field cannot be read nothing is touched and `unreadable` says so.
 */
import type { Desktop, TargetWindow } from '../../../../native/desktop.ts';
import { applyEdits, fieldAt, fillFields, type FieldFill } from '../../../../preload/contract/text-fields.ts';
import type { FillOutcome } from '../commands/field-fill-commands.ts';

/** Fills the focused field's Text fields; `said`: the item or number choose was given. */
export async function fillField(desktop: Desktop, kind: FieldFill, said: string): Promise<FillOutcome> {
  const target = await desktop.activeWindow();
  if (!target || !desktop.readField || !desktop.selectInField) return 'unreadable';
  // readField never reads a password field (each OS facade refuses it).
  const field = await desktop.readField(target).catch(() => undefined);
  if (!field) return 'unreadable';
  const result = fillFields(field.text, kind, fieldAt(field.text, field), said);
  if (result.kind !== 'done') return result.kind;
  let expected = field.text;
  for (const edit of [...result.edits].sort((a, b) => b.start - a.start)) {
    if (!(await desktop.selectInField(target, edit.start, edit.length).catch(() => false)))
      return 'unreadable';
    // The selected field out first (some toolkits, Tk, type beside a selection rather than over it).
    await desktop.pressKey('backspace', 1);
    if (edit.text !== '') await desktop.typeText(edit.text, { paceMs: 0 });
    expected = applyEdits(expected, [edit]);
    // Keys arrive after the call returns, a selection at once: the next field is selected only once these
    // keys have landed, or its offsets would not be the field's.
    if (!(await landed(desktop, target, expected))) return 'unreadable';
  }
  return 'done';
}

/** Reads the field back until it holds `expected` (true), or LANDED_MS went by (false). */
async function landed(desktop: Desktop, target: TargetWindow, expected: string): Promise<boolean> {
  const until = Date.now() + LANDED_MS;
  for (;;) {
    if ((await desktop.readField!(target).catch(() => undefined))?.text === expected) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** How long typed keys may take to reach a busy application's field. */
const LANDED_MS = 3000;
