/**
 * Selection by voice in the focused field of another application, through the same readers as the template
 * fields (X11: AT-SPI; Windows: classic Edit/RichEdit; macOS: AXValue): "select ‹words›" and "select that"
 * select, "unselect that" and "insert before / after ‹words›" place the caret, and "delete that" and the case
 * commands act on what is selected. The words are looked for before the caret first (what was just said),
 * then anywhere. Where the field cannot be read nothing is touched and `unreadable` says so; password fields
 * are never read (each OS facade refuses them).
 */
import type { Desktop, FieldText, TargetWindow } from '../../../../native/desktop.ts';
import { besideWords, recased, type Recase } from '../commands/dictated-document.ts';
import { findWords } from '../commands/recognize.ts';
import type { FieldEdit } from '../ports.ts';

interface ReadField {
  readonly target: TargetWindow;
  readonly field: FieldText;
  readonly select: (start: number, length: number) => Promise<boolean>;
}

/** The focused field, read, with a way to select in it; undefined where it cannot be read. */
async function read(desktop: Desktop): Promise<ReadField | undefined> {
  const target = await desktop.activeWindow();
  if (!target || !desktop.readField || !desktop.selectInField) return undefined;
  const field = await desktop.readField(target).catch(() => undefined);
  if (!field) return undefined;
  const selectInField = desktop.selectInField.bind(desktop);
  return {
    target,
    field,
    select: (start, length) => selectInField(target, start, length).catch(() => false),
  };
}

/** The end of the selection (the caret): the words are looked for before it first. */
const caretEnd = (field: FieldText) => field.selectionStart + field.selectionLength;

/**
 * "Select ‹words›": their last place before the caret, else their last place — with the space in front of
 * them, as the next words (which come with a space of their own) then read right, and "delete that" takes
 * one space with the words.
 */
export async function selectWords(desktop: Desktop, words: string): Promise<FieldEdit> {
  const read_ = await read(desktop);
  if (!read_) return 'unreadable';
  const { field } = read_;
  const range = findWords(field.text.slice(0, caretEnd(field)), words) ?? findWords(field.text, words);
  if (!range) return 'not_found';
  const space = /[ \t]/.test(field.text.charAt(range.start - 1)) ? 1 : 0;
  return (await read_.select(range.start - space, range.length + space)) ? 'done' : 'unreadable';
}

/** "Insert before / after ‹words›": the caret beside them (before them: before the space in front). */
export async function caretBeside(
  desktop: Desktop,
  words: string,
  where: 'before' | 'after',
): Promise<FieldEdit> {
  const read_ = await read(desktop);
  if (!read_) return 'unreadable';
  const { field } = read_;
  const head = field.text.slice(0, caretEnd(field));
  const at = findWords(head, words) ? besideWords(head, words, where) : besideWords(field.text, words, where);
  if (at === undefined) return 'not_found';
  if (!(await read_.select(at, 0))) return 'unreadable';
  // At a line's start, before a word, there is no space in front to go before: the insertion fits the words.
  const lineStart = at === 0 || field.text.charAt(at - 1) === '\n';
  return lineStart && /[\p{L}\p{N}]/u.test(field.text.charAt(at)) ? 'at_word_start' : 'done';
}

/** "Unselect that": the caret after the selection. */
export async function unselect(desktop: Desktop): Promise<FieldEdit> {
  const read_ = await read(desktop);
  if (!read_) return 'unreadable';
  if (read_.field.selectionLength === 0) return 'nothing_selected';
  return (await read_.select(caretEnd(read_.field), 0)) ? 'done' : 'unreadable';
}

/** "Delete that" on the selection: Backspace takes it out (the field's own edit, so its undo knows it). */
export async function deleteSelection(desktop: Desktop): Promise<FieldEdit> {
  const read_ = await read(desktop);
  if (!read_) return 'unreadable';
  if (read_.field.selectionLength === 0) return 'nothing_selected';
  await desktop.releaseModifiers();
  await desktop.pressKey('backspace', 1);
  return 'done';
}

/**
 * "Cap that" (etc.) on the selection: taken out, typed again recased, then selected again. Taken out first
 * because some fields (Tk's) type beside a selection instead of over it.
 */
export async function recaseSelection(desktop: Desktop, kind: Recase): Promise<FieldEdit> {
  const read_ = await read(desktop);
  if (!read_) return 'unreadable';
  const { field } = read_;
  if (field.selectionLength === 0) return 'nothing_selected';
  const selected = field.text.slice(field.selectionStart, caretEnd(field));
  const text = recased(kind, selected);
  if (text !== selected) {
    await desktop.releaseModifiers();
    await desktop.pressKey('backspace', 1);
    await desktop.typeText(text, { paceMs: 0 });
    // Keys and the selection reach the application by different roads (X events, AT-SPI's D-Bus): select
    // only once the field shows the recased words, or the keys still on their way would replace them.
    if (!(await landed(desktop, read_.target, field.selectionStart, text))) return 'unreadable';
  }
  return (await read_.select(field.selectionStart, text.length)) ? 'done' : 'unreadable';
}

/** How long typed keys may take to show in the field (a loaded machine, a busy application). */
const LANDING_MS = 2000;

/** Whether `text` shows at `start` in the field within LANDING_MS. */
async function landed(desktop: Desktop, target: TargetWindow, start: number, text: string): Promise<boolean> {
  const end = performance.now() + LANDING_MS;
  do {
    const now = await desktop.readField?.(target).catch(() => undefined);
    if (now?.text.slice(start, start + text.length) === text) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  } while (performance.now() < end);
  return false;
}
