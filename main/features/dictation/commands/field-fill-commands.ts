/**
 * Accept defaults, field complete and choose ‹item› (preload/contract/text-fields.ts) in the dictation's own
 * text — the dictation box, `scribe dictate`, recovered text — where the field they act on is the one the
 * words "select" chose, else the first one left (a dictation fills a Text's fields in order). In another
 * application they act on its field instead (fields/field-fill.ts) and the dictated text is left as it is.
 */
import type { DictationMessage } from '../../../../preload/contract/index.ts';
import type { CommandKind } from '../../../../preload/contract/command-phrases.ts';
import {
  applyEdits,
  fieldAt,
  fillFields,
  textFields,
  type FieldFill,
  type FillResult,
} from '../../../../preload/contract/text-fields.ts';
import type { DictatedDocument } from './dictated-document.ts';

/** What a fill command did: done, or why nothing changed (or `unreadable`: another application's field). */
export type FillOutcome = FillResult['kind'] | 'unreadable';

/** Whether a command fills a Text's fields. */
export function isFieldFill(kind: CommandKind): kind is FieldFill {
  return kind === 'accept_defaults' || kind === 'field_complete' || kind === 'choose';
}

/** Fills the dictation's own text; returns what it did. */
export function fillInText(kind: FieldFill, said: string, doc: DictatedDocument): FillResult['kind'] {
  const text = doc.text;
  const selection = doc.selection;
  const current =
    (selection && fieldAt(text, { selectionStart: selection.start, selectionLength: selection.length })) ??
    textFields(text)[0];
  const result = fillFields(text, kind, current, said);
  if (result.kind === 'done') doc.rewrite(applyEdits(text, result.edits));
  return result.kind;
}

/** What the overlay (or the box) says after a fill command. */
export function fillMessage(kind: FieldFill, outcome: FillOutcome): DictationMessage['code'] {
  if (outcome === 'unreadable') return 'field_unreadable';
  if (outcome === 'done')
    return kind === 'accept_defaults'
      ? 'defaults_accepted'
      : kind === 'choose'
        ? 'item_chosen'
        : 'field_completed';
  if (outcome === 'none_left') return 'no_defaults_left';
  return outcome === 'no_item' ? 'no_such_item' : 'no_field_here';
}
