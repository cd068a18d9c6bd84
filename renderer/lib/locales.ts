/** Names of the service's codes in the window's language: the words module names them (preload/words). */
import { languageName } from '../../preload/words/index.ts';

/** A readable locale name in the window's language; unknown shapes fall back to the code. */
export const localeName = (code: string): string => languageName(code);

/** SOME_CODE → "Some code" (a code the words module has no name for yet). */
export function humanize(code: string): string {
  const words = code.replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
