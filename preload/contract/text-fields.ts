/**
 * A Text's fields once inserted, as Dragon users fill them: `[default words]` and pick-lists
 * `[left|right|bilateral]` (the default of a pick-list is its first item).
 * - accept defaults: every field left becomes its default, its brackets gone;
 * - field complete: the field selected (or holding the caret) becomes its default and is left;
 * - choose ‹item› / choose ‹number›: the field selected (or holding the caret) becomes that item.
 * Pure and zod-free: shared by main (another application's field, read and written through the desktop) and
 * the dictation's own text (the box, `scribe dictate`, recovered text), where the field is the first one left.
 */

/** Longest name and content of a Text (main/features/texts/text-library.ts keeps the same). */
export const TEXT_LIMITS = { name: 80, content: 20_000 } as const;

/** The three commands that fill a Text's fields. */
export type FieldFill = 'accept_defaults' | 'field_complete' | 'choose';

/** A field of a Text in some text (UTF-16 units), with its items (one for `[default words]`). */
export interface TextField {
  readonly start: number;
  readonly length: number;
  readonly items: readonly string[];
}

/** A change to make to a text: [start, start + length) becomes `text`. */
export interface FieldEdit {
  readonly start: number;
  readonly length: number;
  readonly text: string;
}

/** What filling did: done, or why nothing changed. */
export type FillResult =
  | { readonly kind: 'done'; readonly edits: readonly FieldEdit[] }
  /** accept defaults: no field with a default is left. */
  | { readonly kind: 'none_left' }
  /** field complete, choose: no field is selected nor holds the caret. */
  | { readonly kind: 'no_field' }
  /** choose: the field has no such item (nor that many). */
  | { readonly kind: 'no_item' };

/** Brackets with words in them, on one line (an empty `[ ]` has no default: it waits for words). */
const FIELD = /\[([^[\]\n]*[^[\]\s][^[\]\n]*)\]/g;

/** Every Text field in `text`, in order. */
export function textFields(text: string): TextField[] {
  return [...text.matchAll(FIELD)].map((m) => ({
    start: m.index,
    length: m[0].length,
    items: m[1]!.split('|').map((item) => item.trim()),
  }));
}

/** The field a selection is (or lies in), edges included: the caret just after a field is in it. */
export function fieldAt(
  text: string,
  selection: { readonly selectionStart: number; readonly selectionLength: number },
): TextField | undefined {
  const from = selection.selectionStart;
  const to = from + selection.selectionLength;
  return textFields(text).find((f) => f.start <= from && to <= f.start + f.length);
}

/**
 * What a fill command does to `text`. `current`: the field it acts on (field complete, choose), found by
 * the caller (the selection in a field, the first field left in the dictation's own text). `said`: the
 * item or number choose was given.
 */
export function fillFields(
  text: string,
  command: FieldFill,
  current: TextField | undefined,
  said = '',
): FillResult {
  if (command === 'accept_defaults') {
    const edits = textFields(text).map((f) => ({ start: f.start, length: f.length, text: f.items[0]! }));
    return edits.length === 0 ? { kind: 'none_left' } : { kind: 'done', edits };
  }
  if (!current) return { kind: 'no_field' };
  const item = command === 'choose' ? pickItem(current.items, said) : current.items[0];
  if (item === undefined) return { kind: 'no_item' };
  return { kind: 'done', edits: [{ start: current.start, length: current.length, text: item }] };
}

/** `text` with the edits made (they do not overlap; any order). */
export function applyEdits(text: string, edits: readonly FieldEdit[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.start + e.length), text);
}

/** Numbers said as words, 1 to 10, in English, Spanish and French. */
const NUMBER_WORDS: readonly (readonly string[])[] = [
  ['one', 'uno', 'una', 'un', 'une', 'first', 'primero', 'premier', 'premiere'],
  ['two', 'dos', 'deux', 'second', 'segundo', 'deuxieme'],
  ['three', 'tres', 'trois', 'third', 'tercero', 'troisieme'],
  ['four', 'cuatro', 'quatre'],
  ['five', 'cinco', 'cinq'],
  ['six', 'seis'],
  ['seven', 'siete', 'sept'],
  ['eight', 'ocho', 'huit'],
  ['nine', 'nueve', 'neuf'],
  ['ten', 'diez', 'dix'],
];

/** Case, accents and the punctuation around aside. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The item `said` names: by its words, else by its number (digits or a word, from 1), else undefined. */
export function pickItem(items: readonly string[], said: string): string | undefined {
  const wanted = fold(said).replace(/^(number|numero|option|opcion) /, '');
  if (wanted === '') return undefined;
  const named = items.find((item) => fold(item) === wanted);
  if (named !== undefined) return named;
  const index = /^\d+$/.test(wanted)
    ? Number(wanted) - 1
    : NUMBER_WORDS.findIndex((forms) => forms.includes(wanted));
  return index >= 0 && index < items.length ? items[index] : undefined;
}
