/** Names of the service's codes in the window's language: the words module names them (preload/words). */
import { languageName } from '../../preload/words/index.ts';

/** A readable locale name in the window's language; unknown shapes fall back to the code. */
export const localeName = (code: string): string => languageName(code);
