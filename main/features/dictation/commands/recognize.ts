/**
 * Is a DICTATED_TEXT unit a voice command? A command counts only when it stands alone between pauses: the
 * whole unit ("Scratch that."), or the last sentence of a unit ("Wound clean. Next field."), the unit's end
 * being the pause. Inside a sentence it is text: "the patient will scratch that area" and "she went to a new
 * line of treatment" stay as they are. A sentence ends at . ! ? ; : followed by a space, or a line break.
 */
import type { DictationLocale } from '../../../core/api/schemas/common.ts';
import { phrasesFor, WITH_WORDS, type CommandKind } from '../../../../preload/contract/command-phrases.ts';

/** A command found at the end of a unit. */
export interface RecognizedCommand {
  readonly kind: CommandKind;
  /** The unit's text before the command (its earlier sentences), as received; '' when it stood alone. */
  readonly before: string;
  /**
   * `select`, `insert_before`, `insert_after`: the words to find, as dictated; `choose`: the item or its
   * number; `insert_text`: the Text's name, as the library has it.
   */
  readonly words?: string;
}

/** Lower case, accents off, hyphens as spaces, one kind of apostrophe: how phrases are compared. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/(?<=\p{L})-(?=\p{L})/gu, ' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Punctuation the service may put around a spoken phrase (also ¿ ¡ « » and quotes). */
const EDGE = /^[\s.,!?;:¿¡«»"“”'’()-]+|[\s.,!?;:¿¡«»"“”'’()-]+$/gu;

/** The start of the unit's last sentence: after the last . ! ? ; : followed by a space, or a line break. */
function lastSentenceStart(core: string): number {
  let start = 0;
  for (const match of core.matchAll(/[.!?;:](?=\s)|\n/g)) start = match.index + match[0].length;
  return start;
}

/**
 * The command a unit ends with (in the dictation's language), or null when the unit is text. `texts`: the
 * names of the clinician's Texts ("insert ‹name›" is a command only for one of them).
 */
export function recognizeUnit(
  unit: string,
  locale: DictationLocale | string,
  texts: readonly string[] = [],
): RecognizedCommand | null {
  const core = unit.replace(/[\s.,!?;:¿¡«»"“”'’)-]+$/u, '');
  const start = lastSentenceStart(core);
  const sentence = normalize(core.slice(start).replace(EDGE, ''));
  if (sentence === '') return null;
  const before = unit.slice(0, start);
  const phrases = phrasesFor(locale);
  for (const [kind, forms] of Object.entries(phrases) as [CommandKind, readonly string[]][]) {
    if (WITH_WORDS.has(kind) || kind === 'insert_text') continue;
    if (forms.some((form) => normalize(form) === sentence)) return { kind, before };
  }
  for (const kind of WITH_WORDS) {
    const words = wordsAfter(core.slice(start).replace(EDGE, ''), sentence, phrases[kind]);
    if (words !== undefined) return { kind, before, words };
  }
  const name = textNamed(sentence, phrases.insert_text, texts);
  return name === undefined ? null : { kind: 'insert_text', before, words: name };
}

/** The words after one of `leads` (as dictated: their case and accents), when the sentence starts with it. */
function wordsAfter(raw: string, sentence: string, leads: readonly string[]): string | undefined {
  for (const form of leads) {
    const lead = normalize(form);
    if (!sentence.startsWith(`${lead} `)) continue;
    const count = lead.split(' ').length;
    const words = raw.replace(new RegExp(`^(?:\\S+[\\s\u00a0]+){${count}}`, 'u'), '').trim();
    if (words !== '') return words;
  }
  return undefined;
}

/** The Text "insert ‹name›" names (said as the library spells it, punctuation aside), if any. */
function textNamed(sentence: string, leads: readonly string[], texts: readonly string[]): string | undefined {
  const said = leads.map((form) => `${normalize(form)} `).find((lead) => sentence.startsWith(lead));
  if (!said) return undefined;
  const rest = sentence.slice(said.length).replace(EDGE, '');
  return texts.find((name) => normalize(name).replace(EDGE, '') === rest);
}

/** One character without its accents, lower case (one character in, one out, so positions hold). */
function foldChar(c: string): string {
  const folded = c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return folded.length === 1 ? folded : c.toLowerCase();
}

/** Where `words` last occur in `text`, case and accents aside: its range, or null. */
export function findWords(text: string, words: string): { start: number; length: number } | null {
  const wanted = words.trim();
  if (wanted === '') return null;
  const fold = (t: string) => t.split('').map(foldChar).join('');
  const at = fold(text).lastIndexOf(fold(wanted));
  return at < 0 ? null : { start: at, length: wanted.length };
}
