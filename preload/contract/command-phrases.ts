/**
 * The spoken forms of the voice commands, per dictation language (the dictation locale's language: English
 * for ENGLISH_US/UK, Spanish for SPANISH_ES/MX, French for FRENCH_FR). These are words the app listens for,
 * and words "what can I say" shows (the window and `scribe dictate --help`, beside what each does in the
 * display language's words): docs/dictation-commands.md lists them for clinicians (a test keeps the page in
 * step). Each language's table is a JSON file in command-phrases/ (the Text-field commands' `accept_defaults`,
 * `field_complete` and `choose` among them). Zod-free and pure, so the renderer can import it.
 *
 * Matching ignores case, accents, hyphens, the apostrophe's shape and the punctuation the service puts
 * around a phrase, so "Nueva línea." and "nueva linea", "réveille-toi" and "Réveille toi" are the same. `select`, `insert_before` and
 * `insert_after` take the words after them; `insert_text` takes the name of one of the clinician's Texts after it (any other words stay text).
 */

import type { FieldFill } from './text-fields.ts';
import en from './command-phrases/en.json' with { type: 'json' };
import es from './command-phrases/es.json' with { type: 'json' };
import fr from './command-phrases/fr.json' with { type: 'json' };

/** Every voice command (those filling a Text's fields: text-fields.ts). */
export type CommandKind =
  | FieldFill
  | 'scratch'
  | 'delete'
  | 'next_field'
  | 'previous_field'
  | 'select'
  | 'new_line'
  | 'new_paragraph'
  | 'stop'
  | 'sleep'
  | 'wake'
  | 'cap'
  | 'all_caps'
  | 'no_caps'
  | 'go_end'
  | 'go_top'
  | 'select_that'
  | 'unselect'
  | 'insert_text'
  // Selection in other applications' fields and the dictation box's transfer (issue 29, item 1).
  | 'insert_before'
  | 'insert_after'
  | 'transfer'
  // The selection or the dictation so far kept as a new Text, named in the dictation box.
  | 'make_text'
  // A panel on the overlay: the commands that can act now, the field's state, the clinician's Texts.
  | 'what_can_i_say';

/** A language's phrases for each command (`select`, `insert_*`, `choose`, `insert_text`: the words that start it). */
export type CommandPhrases = Readonly<Record<CommandKind, readonly string[]>>;

// Each language's phrases are data (a translator's file, like the window's words): a missing command fails
// the type check here, a phrase no longer matched by its docs page fails command-docs.test.ts.
const ENGLISH: CommandPhrases = en;
const SPANISH: CommandPhrases = es;
const FRENCH: CommandPhrases = fr;

/** The commands said with words after them: `select ‹words›`, `insert before ‹words›`, `insert after ‹words›`. */
export const WITH_WORDS: ReadonlySet<CommandKind> = new Set([
  'select',
  'insert_before',
  'insert_after',
  'choose',
]);

/** The phrases of a dictation locale. */
export function phrasesFor(locale: string): CommandPhrases {
  if (locale.startsWith('SPANISH')) return SPANISH;
  if (locale.startsWith('FRENCH')) return FRENCH;
  return ENGLISH;
}

/** Every language's table, for the docs test. */
export const ALL_PHRASES: Readonly<Record<'en' | 'es' | 'fr', CommandPhrases>> = {
  en: ENGLISH,
  es: SPANISH,
  fr: FRENCH,
};
