/**
 * The dictation box's own template fields and selections, as plain functions: "next field" / "previous
 * field" select the next template blank after the caret (the blanks Settings → Dictation counts), so the
 * next words typed or dictated replace it; the hotkeys of those moves work in the box too, and "accept
 * defaults" fills a Text's fields left.
 */
import type { DictationSettingsDto } from '../../../preload/contract/index.ts';
import { blankFrom } from '../../../preload/contract/template-markers.ts';
import { applyEdits, fillFields } from '../../../preload/contract/text-fields.ts';
import { KeyCapture, type KeyLike } from '../keys.ts';

/** A range of the box's text (UTF-16 units, as a textarea's selection). */
export interface BoxRange {
  readonly start: number;
  readonly end: number;
}

/** The blank to select from the selection `[start, end)`, or null when none is left that way. */
export function fieldInBox(
  text: string,
  selection: BoxRange,
  direction: 'next' | 'previous',
  markers: DictationSettingsDto['fieldMarkers'],
): BoxRange | null {
  const at = { selectionStart: selection.start, selectionLength: selection.end - selection.start };
  const blank = blankFrom(text, at, direction, markers);
  return blank ? { start: blank.start, end: blank.start + blank.length } : null;
}

/**
 * Accept defaults in the box (its button, a microphone's Play): every Text field left gets its default (a
 * pick-list its first item), the delimiters go, and the caret goes after the last one filled, where the next
 * words continue. Null when no field is left.
 */
export function defaultsInBox(text: string): { text: string; caret: number } | null {
  const result = fillFields(text, 'accept_defaults', undefined);
  if (result.kind !== 'done') return null;
  const last = result.edits.reduce((a, b) => (b.start > a.start ? b : a));
  const shift = result.edits.reduce((sum, e) => sum + e.text.length - e.length, 0);
  return { text: applyEdits(text, result.edits), caret: last.start + last.length + shift };
}

/** Whether a key-down in the box is the next- or previous-field hotkey (where the OS did not take it first). */
export function fieldKeyOf(
  event: KeyLike,
  settings: Pick<DictationSettingsDto, 'nextFieldKey' | 'previousFieldKey'>,
): 'next' | 'previous' | null {
  const chord = new KeyCapture().down(event);
  if (chord === null) return null;
  if (chord === settings.nextFieldKey) return 'next';
  return chord === settings.previousFieldKey ? 'previous' : null;
}

/** A "select ‹words›" range main sent, as a textarea selection; null when it is not within the text. */
export function selectionOf(
  text: string,
  selection: { readonly start: number; readonly length: number } | undefined,
): BoxRange | null {
  if (!selection || selection.start + selection.length > text.length) return null;
  return { start: selection.start, end: selection.start + selection.length };
}
