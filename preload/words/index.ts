/**
 * The words module's front door for main, the CLI and the tests: every sentence a person reads, in the
 * chosen locale, with every language at hand (English until another is chosen). The window has its own
 * door, window.ts, which loads only its language and only the window's words. A language is a folder of
 * catalogue files named by its catalogue.ts; adding one is a folder beside en/ and one line here and in
 * window.ts. Zod-free, like all of preload/words.
 */
import type { DisplayLanguage } from '../contract/enums.ts';
import { buildWords } from './build/words.ts';
import { PSEUDO_LOCALE, speak, type Locale } from './current.ts';
import * as EN from './en/catalogue.ts';
import * as ES from './es/catalogue.ts';
import * as FR from './fr/catalogue.ts';
import { pseudoFiles } from './pseudo.ts';
import type { Words } from './words.ts';

export * from './current.ts';

/** Every locale the app ships, by tag (the contract's DISPLAY_LANGUAGES, whole: a test keeps them in step). */
export const LOCALES = {
  en: buildWords('en', EN),
  fr: buildWords('fr', FR),
  es: buildWords('es', ES),
} as const satisfies Readonly<Record<DisplayLanguage, Words>>;

let pseudo: Words | undefined;
let chosen: Words = LOCALES.en;

/** Chooses the locale every sentence is worded in from now on (PSEUDO_LOCALE: the development one). */
export function useLocale(locale: Locale | typeof PSEUDO_LOCALE): void {
  chosen = locale === PSEUDO_LOCALE ? (pseudo ??= buildWords('en', pseudoFiles(EN))) : LOCALES[locale];
  speak(chosen);
}

/** Every word of the chosen locale: the window's (current.ts's `words`), the CLI's and the shell's. */
export function words(): Words {
  return chosen;
}

speak(chosen);
