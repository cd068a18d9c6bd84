/**
 * The text of one dictation as the voice commands build it, unit by unit: the pieces before the caret (the
 * last ones "scratch that" may take out), and — in the dictation box only — a selection made by
 * "select ‹words›" that the next words replace, with the text after it. Rebuilt from the units on every
 * change (command-filter.ts), so it holds no state of its own between changes.
 */
import type { TemplateMarker } from '../../../../preload/contract/dictation-codes.ts';
import { blankFrom } from '../../../../preload/contract/template-markers.ts';
import { findWords } from './recognize.ts';

/** A range of the text (UTF-16 units), as the box selects it. */
export interface TextRange {
  readonly start: number;
  readonly length: number;
}

/** The case commands. */
export type Recase = 'cap' | 'all_caps' | 'no_caps';

const RECASE: Readonly<Record<Recase, (text: string) => string>> = {
  cap: (text) =>
    text.replace(
      /(^|[^\p{L}\p{N}'’])(\p{Ll})/gu,
      (_m, before: string, letter: string) => before + letter.toUpperCase(),
    ),
  all_caps: (text) => text.toUpperCase(),
  no_caps: (text) => text.toLowerCase(),
};

/** `text` recased as "cap that", "all caps that" or "no caps that" asks. */
export function recased(kind: Recase, text: string): string {
  return RECASE[kind](text);
}

/** Whether a command is one of the case commands. */
export function isRecase(kind: string): kind is Recase {
  return kind === 'cap' || kind === 'all_caps' || kind === 'no_caps';
}

/** One rendering of the dictation's text. */
export class DictatedDocument {
  readonly #pieces: string[] = [];
  /** Indices into `pieces` of text a later "scratch that" may remove, newest last. */
  readonly #standing: number[] = [];
  /** The selected words a piece replaced, by the piece's index: "scratch that" puts them back. */
  readonly #replaced = new Map<number, string>();
  /** The words "select" chose, shown selected until the next words replace them. */
  #selected: string | null = null;
  /** The text after the caret (once a selection moved it back into the text). */
  #tail = '';
  /**
   * After "scratch that": the space the phrase taken out had before it (none at the start of an empty
   * field), which the next words take instead of their own, as if the phrase had never been said.
   */
  #gap: string | null = null;

  /** The whole text as it reads now. */
  get text(): string {
    return this.#head + (this.#selected ?? '') + this.#tail;
  }

  /** The words selected and waiting to be replaced, if any. */
  get selection(): TextRange | undefined {
    if (this.#selected === null) return undefined;
    return { start: this.#head.length, length: this.#selected.length };
  }

  /**
   * Puts text at the caret; `scratchable`: "scratch that" may take it out. Words replace a selection (and
   * "scratch that" puts the selected words back); a line break, which cannot be scratched, goes after the
   * selected words and keeps them, so no dictated word is ever lost to it.
   */
  insert(text: string, scratchable: boolean): void {
    if (text === '') return;
    if (this.#selected !== null && !scratchable) {
      this.#pieces.push(this.#selected);
      this.#selected = null;
    }
    const selected = this.#selected;
    this.#selected = null;
    const gap = this.#gap;
    this.#gap = null;
    if (gap !== null && selected === null) text = text.replace(/^[ \t]+/, gap);
    // At the top of the text: no space before the words, and one between them and a word after them.
    if (selected === null && this.#head === '' && this.#tail !== '') {
      text = text.replace(/^[ \t]+/, '');
      if (/\S$/.test(text) && /^[\p{L}\p{N}]/u.test(this.#tail)) this.#tail = ` ${this.#tail}`;
    }
    this.#pieces.push(selected === null ? text : replacing(this.#head, selected, text, this.#tail));
    const index = this.#pieces.length - 1;
    if (selected !== null) this.#replaced.set(index, selected);
    if (scratchable) this.#standing.push(index);
  }

  /** Takes out the last phrase still standing (back to the words it replaced); false when none is left. */
  scratch(): boolean {
    const last = this.#standing.pop();
    if (last === undefined) return false;
    const replaced = this.#replaced.get(last);
    if (replaced === undefined) this.#gap = /^[ \t]*/.exec(this.#pieces[last]!)![0];
    this.#pieces[last] = replaced ?? '';
    this.#replaced.delete(last);
    return true;
  }

  /**
   * "Cap that" (each word's first letter), "all caps that", "no caps that": on the words selected by voice,
   * else on the last phrase still standing (which "scratch that" may still take out). False when neither.
   */
  recase(kind: Recase): boolean {
    if (this.#selected !== null) {
      this.#selected = RECASE[kind](this.#selected);
      return true;
    }
    const last = this.#standing.at(-1);
    if (last === undefined) return false;
    this.#pieces[last] = RECASE[kind](this.#pieces[last]!);
    return true;
  }

  /** "Go to end" / "go to top" in the dictation box: the next words go there (nothing stays selected). */
  caretTo(where: 'end' | 'top'): void {
    const full = this.text;
    this.#selected = null;
    this.#standing.length = 0;
    this.#replaced.clear();
    this.#pieces.splice(0, this.#pieces.length, ...(where === 'end' ? [full] : []));
    this.#tail = where === 'end' ? '' : full;
  }

  /** The whole text made `text` (a Text's fields filled): the caret at its end, nothing left to scratch. */
  rewrite(text: string): void {
    this.#selected = null;
    this.#tail = '';
    this.#standing.length = 0;
    this.#replaced.clear();
    this.#pieces.splice(0, this.#pieces.length, text);
  }

  /**
   * "Delete that" with words selected by voice: they go, with one of the spaces around them, and the caret
   * stays where they were. False (nothing changes) when nothing is selected.
   */
  deleteSelection(): boolean {
    if (this.#selected === null) return false;
    this.#selected = null;
    const head = this.#head;
    const trim = this.#tail === '' || /^[\s.,;:!?]/.test(this.#tail);
    this.#pieces.splice(0, this.#pieces.length, trim ? head.replace(/[ \t]+$/, '') : head);
    this.#standing.length = 0;
    this.#replaced.clear();
    return true;
  }

  /**
   * Selects the last place `words` appear (case and accents aside): the caret moves there and the next words
   * replace them. False (nothing changes) when they are not in the text.
   */
  select(words: string): boolean {
    const full = this.text;
    const range = findWords(full, words);
    if (!range) return false;
    this.#selectRange(full, range);
    return true;
  }

  /** "Select that": the last phrase still standing (its words, not the space before). False when none. */
  selectLast(): boolean {
    const last = this.#standing.at(-1);
    if (last === undefined || this.#selected !== null) return false;
    const piece = this.#pieces[last]!;
    const lead = piece.length - piece.trimStart().length;
    const start = this.#pieces.slice(0, last).join('').length + lead;
    const length = piece.trim().length;
    if (length === 0) return false;
    this.#selectRange(this.text, { start, length });
    return true;
  }

  /** "Unselect that": the selected words stay, the caret goes after them. False when nothing is selected. */
  unselect(): boolean {
    if (this.#selected === null) return false;
    this.#pieces.splice(0, this.#pieces.length, this.#head + this.#selected);
    this.#selected = null;
    this.#standing.length = 0;
    this.#replaced.clear();
    return true;
  }

  /** The last phrase still standing, its words only ("select that" in another application finds it there). */
  lastPhrase(): string | undefined {
    const last = this.#standing.at(-1);
    const words = last === undefined ? '' : this.#pieces[last]!.trim();
    return words === '' ? undefined : words;
  }

  /**
   * "Next / previous field" in the dictation box: selects the first blank (of the kinds `markers` counts)
   * after the caret or the selection, or the last one before it, as the box's own buttons do; the next
   * words replace it. False (nothing changes) when there is none that way.
   */
  selectField(direction: 'next' | 'previous', markers: readonly TemplateMarker[]): boolean {
    const full = this.text;
    const at = { selectionStart: this.#head.length, selectionLength: this.#selected?.length ?? 0 };
    const blank = blankFrom(full, at, direction, markers);
    if (!blank) return false;
    this.#selectRange(full, blank);
    return true;
  }

  /** "Insert before / after ‹words›": the caret before or after their last place. False when not there. */
  caretBeside(words: string, where: 'before' | 'after'): boolean {
    const full = this.text;
    const at = besideWords(full, words, where);
    if (at === undefined) return false;
    this.#pieces.splice(0, this.#pieces.length, full.slice(0, at));
    this.#standing.length = 0;
    this.#replaced.clear();
    this.#selected = null;
    this.#tail = full.slice(at);
    return true;
  }

  #selectRange(full: string, range: TextRange): void {
    this.#pieces.splice(0, this.#pieces.length, full.slice(0, range.start));
    this.#standing.length = 0;
    this.#replaced.clear();
    this.#selected = full.slice(range.start, range.start + range.length);
    this.#tail = full.slice(range.start + range.length);
  }

  get #head(): string {
    return this.#pieces.join('');
  }
}

/**
 * Where "insert before / after ‹words›" puts the caret in `text`: after their last place, or before it — and
 * before the space in front of them, so the next words (which come with a space of their own) read
 * "left severe pain", not "left  severepain". Undefined when the words are not there.
 */
export function besideWords(text: string, words: string, where: 'before' | 'after'): number | undefined {
  const range = findWords(text, words);
  if (!range) return undefined;
  if (where === 'after') return range.start + range.length;
  return /[ \t]/.test(text.charAt(range.start - 1)) ? range.start - 1 : range.start;
}

/**
 * The words that replace a selection, fitted to where they go: the service spaced and capitalised them for
 * the end of the dictation, not for the middle of it. The leading space goes where the text before already
 * ends with one; the first letter takes the case of the first letter of the words it replaces ("Patient" →
 * "The man", "stable" → "improving"), except a lone "I". Where the text after them has its own
 * punctuation ("pain [mild]."), the end mark the service ended them with (. ! or ?) goes.
 */
function replacing(head: string, selected: string, text: string, tail: string): string {
  const ended = /^[.,;:!?]/.test(tail) ? text.replace(/[.!?]+$/, '') : text;
  const spaced = head === '' || /\s$/.test(head) ? ended.replace(/^[ \t]+/, '') : ended;
  const first = /\p{L}/u.exec(selected)?.[0];
  const at = spaced.search(/\p{L}/u);
  if (first === undefined || at < 0 || /^I\b/.test(spaced.slice(at))) return spaced;
  const letter = spaced.charAt(at);
  const cased = first === first.toUpperCase() ? letter.toUpperCase() : letter.toLowerCase();
  return spaced.slice(0, at) + cased + spaced.slice(at + 1);
}
