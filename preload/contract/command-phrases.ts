/**
 * The spoken forms of the voice commands, per dictation language (the dictation locale's language: English
 * for ENGLISH_US/UK, Spanish for SPANISH_ES/MX, French for FRENCH_FR). These are words the app listens for,
 * and words "what can I say" shows (the window and `scribe dictate --help`, beside what each does in the
 * display language's words): docs/dictation-commands.md lists them for clinicians (a test keeps the page in
 * step). Zod-free and pure, so the renderer can import it.
 *
 * Matching ignores case, accents, hyphens, the apostrophe's shape and the punctuation the service puts
 * around a phrase, so "Nueva línea." and "nueva linea", "réveille-toi" and "Réveille toi" are the same. `select`, `insert_before` and
 * `insert_after` take the words after them; `insert_text` takes the name of one of the clinician's Texts after it (any other words stay text).
 */

import { FIELD_FILL_PHRASES } from './text-field-phrases.ts';
import type { FieldFill } from './text-fields.ts';

/** Every voice command (those filling a Text's fields: text-field-phrases.ts). */
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

const ENGLISH: CommandPhrases = {
  ...FIELD_FILL_PHRASES.en,
  scratch: ['scratch that', 'undo that'],
  delete: ['delete that'],
  next_field: ['next field'],
  previous_field: ['previous field'],
  select: ['select'],
  new_line: ['new line'],
  new_paragraph: ['new paragraph'],
  stop: ['stop dictating', 'stop dictation', 'stop listening'],
  sleep: ['go to sleep'],
  wake: ['wake up'],
  cap: ['cap that'],
  all_caps: ['all caps that'],
  no_caps: ['no caps that'],
  go_end: ['go to end', 'go to the end', 'go to bottom'],
  go_top: ['go to top', 'go to the top'],
  select_that: ['select that'],
  unselect: ['unselect that'],
  insert_text: ['insert'],
  insert_before: ['insert before'],
  insert_after: ['insert after'],
  transfer: ['transfer text'],
  make_text: ['make that a text', 'make that an auto text'],
  what_can_i_say: ['what can I say'],
};

const SPANISH: CommandPhrases = {
  ...FIELD_FILL_PHRASES.es,
  scratch: ['borra eso', 'deshaz eso', 'deshacer eso'],
  delete: ['elimina eso', 'eliminar eso', 'suprime eso'],
  next_field: ['campo siguiente', 'siguiente campo'],
  previous_field: ['campo anterior'],
  select: ['selecciona', 'seleccionar'],
  new_line: ['nueva línea', 'nueva linea'],
  new_paragraph: ['nuevo párrafo'],
  stop: ['deja de dictar', 'detener dictado', 'deja de escuchar'],
  sleep: ['a dormir', 've a dormir', 'modo dormir'],
  wake: ['despierta', 'despiértate'],
  cap: ['mayúscula eso', 'mayúsculas iniciales'],
  all_caps: ['todo mayúsculas eso', 'todo en mayúsculas'],
  no_caps: ['minúsculas eso', 'todo en minúsculas'],
  go_end: ['ve al final', 'ir al final'],
  go_top: ['ve al principio', 'ir al principio'],
  select_that: ['selecciona eso'],
  unselect: ['deselecciona eso', 'quita la selección'],
  insert_text: ['inserta', 'insertar'],
  insert_before: ['inserta antes de', 'insertar antes de'],
  insert_after: ['inserta después de', 'insertar después de'],
  transfer: ['transfiere el texto', 'transferir texto'],
  make_text: ['convierte eso en un texto', 'haz de eso un texto'],
  what_can_i_say: ['qué puedo decir'],
};

const FRENCH: CommandPhrases = {
  ...FIELD_FILL_PHRASES.fr,
  scratch: ['efface ça', 'annule ça'],
  delete: ['supprime ça', 'supprimer ça'],
  next_field: ['champ suivant'],
  previous_field: ['champ précédent'],
  select: ['sélectionne', 'sélectionner'],
  new_line: ['à la ligne', 'nouvelle ligne'],
  new_paragraph: ['nouveau paragraphe'],
  stop: ['arrête la dictée', 'arrêter la dictée', "arrête d'écouter"],
  sleep: ['mets-toi en veille', 'mise en veille', 'va dormir'],
  wake: ['réveille-toi', 'sors de veille'],
  cap: ['majuscule ça', 'majuscules initiales'],
  all_caps: ['majuscules ça', 'tout en majuscules'],
  no_caps: ['minuscules ça', 'tout en minuscules'],
  go_end: ['va à la fin', 'aller à la fin'],
  go_top: ['va au début', 'aller au début'],
  select_that: ['sélectionne ça'],
  unselect: ['désélectionne ça'],
  insert_text: ['insère', 'insérer'],
  insert_before: ['insère avant', 'insérer avant'],
  insert_after: ['insère après', 'insérer après'],
  transfer: ['transfère le texte', 'transférer le texte'],
  make_text: ['fais-en un texte', 'crée un texte avec ça'],
  what_can_i_say: ['que puis-je dire', 'qu’est-ce que je peux dire'],
};

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
