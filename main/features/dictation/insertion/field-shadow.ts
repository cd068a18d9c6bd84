/**
 * Correction planning for streaming insertion: what the field was last brought to (`shadow`), what the
 * dictation says now (`desired`), and how many characters just before the caret are ours and equal the end
 * of `shadow` (`owned`; typing by the person, a focus change or a correction we could not apply sets it to
 * 0). From these comes the next edit: an append when the text extends the shadow, a replacement of the tail (an
 * ASYNC_CORRECTION) otherwise, straight to the dictation as it is now. On a busy machine text dictated before
 * a correction may not be in the field yet when the correction comes: when that correction goes to the box,
 * the field first gets that text as it was dictated (a detour through `stops`, the dictation just before
 * each correction), so the box does not take it along. Whether a replacement may be applied in place is
 * decided by the caller from `typed` and `owns()`, with the field's focus; this file touches no desktop.
 */
import { caretLength } from './field-writer.ts';
import type { InsertMode } from './insertion-types.ts';

/** The next change that brings the field to `to`. */
export type NextEdit =
  | { kind: 'append'; to: string; text: string }
  | { kind: 'replace'; to: string; remove: number; text: string };

/** The part of an append that was sent (`sent` UTF-16 units of its text); `edit` itself when all was. */
export function sentPart(edit: NextEdit & { kind: 'append' }, sent: number): NextEdit & { kind: 'append' } {
  if (sent >= edit.text.length) return edit;
  return {
    kind: 'append',
    to: edit.to.slice(0, edit.to.length - edit.text.length + sent),
    text: edit.text.slice(0, sent),
  };
}

/**
 * `edit` as one paste may carry it: never ending in a paragraph break after text. Pasted at the end of a
 * Chromium rich-text field (`contenteditable`), "ence.\n\n" leaves one line break, not two (a paste of
 * breaks alone, or of breaks followed by text, keeps them all): the paragraph break was lost, and the field
 * then held one caret step less than the shadow counts, so a later correction across it took a character
 * too many. The break is cut off here and goes in as the next edit, a paste of its own (not typed: a
 * Return would send a chat box's message). Field-kind independent: with Chromium's accessibility off (the
 * default) a rich field cannot be told from a textarea, and a textarea takes the split paste the same way.
 */
export function pasteable<E extends NextEdit>(edit: E, mode: InsertMode): E {
  const breaks = mode === 'paste' ? /(?:\r?\n){2,}$/.exec(edit.text) : null;
  if (!breaks || breaks.index === 0) return edit;
  const cut = breaks[0].length;
  return { ...edit, to: edit.to.slice(0, edit.to.length - cut), text: edit.text.slice(0, -cut) };
}

/** Characters `a` and `b` share from the start, never splitting a surrogate pair. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i > 0 && i < a.length && /[\uDC00-\uDFFF]/.test(a.charAt(i))) i--;
  return i;
}

/** The dictation text against what the field holds. */
export class FieldShadow {
  #desired = '';
  #shadow = '';
  #owned = 0;
  #typed = false;
  /** Counts the person's typing, so a write knows whether they typed while it went out. */
  #typings = 0;
  /** After a drop, the replay dictates again what the field has: nothing is touched while it differs. */
  #replaying = false;
  #inPlace = 0;
  #inBox = 0;
  #wordStart = false;
  /** The dictation just before each correction and as the correction left it, oldest first. */
  #stops: string[] = [];
  /** A correction went to the box while the field lacked text dictated before it: reach the stops in turn. */
  #detour = false;

  /** Corrections applied in the field. */
  get correctionsInPlace(): number {
    return this.#inPlace;
  }

  /** Corrections applied in the dictation box only. */
  get correctionsInBox(): number {
    return this.#inBox;
  }

  /** The person typed since our last insertion. */
  get typed(): boolean {
    return this.#typed;
  }

  /** The dictation's whole text now (`rolledBack`: a drop; the replay will dictate it again). */
  update(text: string, rolledBack: boolean): void {
    const before = this.#desired;
    if (rolledBack) this.#clearStops();
    else if (!this.#replaying && !text.startsWith(before)) {
      if (this.#stops.at(-1) !== before) this.#stops.push(before);
      this.#stops.push(text);
    }
    this.#desired = text;
    if (rolledBack) this.#replaying = true;
    else if (text === this.#shadow) this.#replaying = false;
  }

  /** The dictation ended: any remaining difference is a correction. */
  endReplay(): void {
    this.#replaying = false;
  }

  /**
   * The person typed (or clicked), or a command moved the caret: the text before the caret is no longer
   * ours. `atWordStart`: the caret is now at a line's start before a word, where the next words go in
   * without their leading space and with a space after them ({@link untypedLead}, {@link spaceAfter}).
   */
  userTyped(atWordStart = false): void {
    this.#owned = 0;
    this.#typed = true;
    this.#typings++;
    this.#wordStart = atWordStart;
  }

  /** How many leading characters of an append's `text` are not typed: its space at a line's start. */
  untypedLead(text: string): number {
    return this.#wordStart ? /^[ \t]*/.exec(text)![0].length : 0;
  }

  /** Whether a space goes after the caret, once `wrote` (typed) are the first words at a line's start. */
  spaceAfter(wrote: string): boolean {
    if (!this.#wordStart || wrote === '') return false;
    this.#wordStart = false;
    return true;
  }

  /** Whether the field is behind the dictation and may be brought to it now. */
  get behind(): boolean {
    if (this.#desired === this.#shadow) return false;
    return !(this.#replaying && !this.#desired.startsWith(this.#shadow));
  }

  /** The edit that brings the field to the dictation as it is now; an append means the replay caught up. */
  next(): NextEdit {
    if (this.#detour) while (this.#stops[0] === this.#shadow) this.#stops.shift();
    if (this.#stops.length === 0) this.#detour = false;
    // In place, a correction goes straight to the dictation now: one replacement of only what changed.
    const to = (this.#detour ? this.#stops[0] : undefined) ?? this.#desired;
    const common = commonPrefix(this.#shadow, to);
    if (common === this.#shadow.length) {
      this.#replaying = false;
      return { kind: 'append', to, text: to.slice(common) };
    }
    return { kind: 'replace', to, remove: caretLength(this.#shadow.slice(common)), text: to.slice(common) };
  }

  /** Whether the last `remove` characters before the caret are ours. */
  owns(remove: number): boolean {
    return remove <= this.#owned;
  }

  /** How many characters to remove to take the whole dictation out, if all of them are ours; else null. */
  wholeIfOurs(): number | null {
    const length = caretLength(this.#shadow);
    return !this.#typed && this.#desired === this.#shadow && length <= this.#owned ? length : null;
  }

  /** Focus had moved and was brought back: the caret may not be after our text. */
  focusRestored(): void {
    this.#owned = 0;
  }

  /** A mark to give {@link appended}: taken before a write starts. */
  get typings(): number {
    return this.#typings;
  }

  /**
   * `edit` was typed into the field. `since` (the {@link typings} mark taken before the write): when the person
   * typed while the write went out, their keys may sit anywhere in it, so the tail is not ours. `untyped`:
   * characters at the start of `edit.text` not typed (a leading space dropped at a line's start).
   */
  appended(edit: NextEdit & { kind: 'append' }, since = this.#typings, untyped = 0): void {
    this.#shadow = edit.to;
    if (!this.#detour && edit.to === this.#desired) this.#clearStops();
    if (since !== this.#typings) return;
    this.#owned += caretLength(edit.text) - untyped;
    this.#typed = false;
  }

  /**
   * `edit` is about to replace the tail in place: from here on the field counts as holding `edit.to` (a
   * replacement that fails half-way is not guessed at, nor copied again).
   */
  replacing(edit: NextEdit & { kind: 'replace' }): void {
    this.#shadow = edit.to;
  }

  /** `edit`'s tail was removed but its new text never arrived (a paste not taken): the field lacks it. */
  replaceNotTaken(edit: NextEdit & { kind: 'replace' }): void {
    this.#shadow = edit.to.slice(0, edit.to.length - edit.text.length);
    this.#owned = 0;
  }

  /** `edit` replaced the tail in place. */
  replaced(edit: NextEdit & { kind: 'replace' }): void {
    if (!this.#detour && edit.to === this.#desired) this.#clearStops();
    this.#owned = this.#owned - edit.remove + caretLength(edit.text);
    this.#inPlace++;
  }

  /**
   * `edit` cannot be applied in place: it goes to the dictation box only, and the field and the dictation
   * part here (true); or first the field gets the text dictated before it that it lacks (false).
   */
  skipped(edit: NextEdit): boolean {
    // Text dictated before this correction that the field lacks goes in first, as it was dictated; the
    // correction then comes again (and goes to the box from there).
    if (!this.#detour && this.#stops.some((stop) => stop !== this.#shadow && stop.startsWith(this.#shadow))) {
      this.#detour = true;
      return false;
    }
    this.#shadow = edit.to;
    if (!this.#detour) this.#clearStops();
    this.#owned = 0;
    this.#inBox++;
    return true;
  }

  #clearStops(): void {
    this.#stops = [];
    this.#detour = false;
  }

  /** What the field does not have: the rest after what it holds, or everything when it diverged. */
  remainder(): string {
    return this.#desired.startsWith(this.#shadow) ? this.#desired.slice(this.#shadow.length) : this.#desired;
  }
}
