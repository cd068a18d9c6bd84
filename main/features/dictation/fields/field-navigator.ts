/**
 * "Next field" / "previous field" in the focused field of another application: read its text and caret,
 * find the next (previous) template blank, select it so the next dictated words replace it. Where the field
 * cannot be read (the OS or the application does not expose it), nothing is touched and `unreadable` says so.
 * "Go to end" / "go to top" put the caret at the field's end or start the same way; the selection commands
 * (field-selection.ts) read and select through the same desktop.
 */
import type { Desktop } from '../../../../native/desktop.ts';
import type { TemplateMarker } from '../../../../preload/contract/index.ts';
import type { CaretMove, CaretPlace, FieldEdit, FieldMove, FieldNavigator } from '../ports.ts';
import { blankFrom } from '../../../../preload/contract/template-markers.ts';
import type { FieldFill } from '../../../../preload/contract/text-fields.ts';
import type { FillOutcome } from '../commands/field-fill-commands.ts';
import { fillField } from './field-fill.ts';
import type { Recase } from '../commands/dictated-document.ts';
import * as selection from './field-selection.ts';

/** Template-field navigation through the desktop facade. */
export class DesktopFieldNavigator implements FieldNavigator {
  constructor(
    private readonly desktop: Desktop,
    /** The blanks that count now (setting or policy). */
    private readonly markers: () => readonly TemplateMarker[],
  ) {}

  async move(direction: 'next' | 'previous'): Promise<FieldMove> {
    const { desktop } = this;
    const target = await desktop.activeWindow();
    if (!target || !desktop.readField || !desktop.selectInField) return { kind: 'unreadable' };
    // readField never reads a password field (each OS facade refuses it).
    const field = await desktop.readField(target).catch(() => undefined);
    if (!field) return { kind: 'unreadable' };
    const blank = blankFrom(field.text, field, direction, this.markers());
    if (!blank) return { kind: 'none_left' };
    const selected = await desktop.selectInField(target, blank.start, blank.length).catch(() => false);
    return selected ? { kind: 'selected' } : { kind: 'unreadable' };
  }

  /** Accept defaults, field complete, choose ‹item› (field-fill.ts). */
  fill(kind: FieldFill, said: string): Promise<FillOutcome> {
    return fillField(this.desktop, kind, said);
  }

  async caretTo(where: CaretPlace): Promise<CaretMove> {
    const { desktop } = this;
    const target = await desktop.activeWindow();
    if (!target || !desktop.readField || !desktop.selectInField) return 'unreadable';
    const field = await desktop.readField(target).catch(() => undefined);
    if (!field) return 'unreadable';
    const at = where === 'end' ? field.text.length : 0;
    if (!(await desktop.selectInField(target, at, 0).catch(() => false))) return 'unreadable';
    // At the top, before a word, there is no space in front: the next words go in without theirs.
    return where === 'top' && /^[\p{L}\p{N}]/u.test(field.text) ? 'at_word_start' : 'moved';
  }

  // Selection by voice (field-selection.ts).
  selectWords(words: string): Promise<FieldEdit> {
    return selection.selectWords(this.desktop, words);
  }

  unselect(): Promise<FieldEdit> {
    return selection.unselect(this.desktop);
  }

  caretBeside(words: string, where: 'before' | 'after'): Promise<FieldEdit> {
    return selection.caretBeside(this.desktop, words, where);
  }

  deleteSelection(): Promise<FieldEdit> {
    return selection.deleteSelection(this.desktop);
  }

  recaseSelection(kind: Recase): Promise<FieldEdit> {
    return selection.recaseSelection(this.desktop, kind);
  }
}
