/**
 * The window's words moved out of the components screen by screen (issue 19), each area in a file of its
 * own so areas change without touching each other; ui-words.ts takes them in whole.
 */
import { CONNECT_FORM_WORDS } from './connect-form-words.ts';
import { DICTATION_SETTINGS_WORDS } from './dictation-settings-words.ts';
import { SETTINGS_CARD_WORDS } from './settings-card-words.ts';
import { VISIT_DETAILS_WORDS } from './visit-details-words.ts';
import { NOTE_LANGUAGE_WORDS } from './note-language-words.ts';

export const SCREEN_WORDS = {
  ...CONNECT_FORM_WORDS,
  ...SETTINGS_CARD_WORDS,
  ...DICTATION_SETTINGS_WORDS,
  ...VISIT_DETAILS_WORDS,
  ...NOTE_LANGUAGE_WORDS,
};
