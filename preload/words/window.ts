/**
 * The words module's front door for the window: the same words as index.ts, but each language is its own
 * chunk of the renderer build, loaded when chosen, so the window ships to its first screen only the
 * language it speaks (docs/architecture.md). `useLocale` resolves once the language is loaded and spoken;
 * the window awaits it before it shows anything.
 */
import { buildWords } from './build/words.ts';
import { PSEUDO_LOCALE, speak, type Locale } from './current.ts';
import type { Words } from './words.ts';

export * from './current.ts';

/** How each language is loaded (the pseudo-locale is made from English). */
const LOADERS: Readonly<Record<Locale | typeof PSEUDO_LOCALE, () => Promise<Words>>> = {
  en: async () => buildWords('en', await import('./en/catalogue.ts')),
  fr: async () => buildWords('fr', await import('./fr/catalogue.ts')),
  es: async () => buildWords('es', await import('./es/catalogue.ts')),
  [PSEUDO_LOCALE]: async () => (await import('./pseudo.ts')).pseudoWords(),
};

const loaded = new Map<string, Promise<Words>>();

/** The words of `locale`, loaded on first use. */
export function loadLocale(locale: Locale | typeof PSEUDO_LOCALE): Promise<Words> {
  let words = loaded.get(locale);
  if (!words) {
    words = LOADERS[locale]();
    loaded.set(locale, words);
  }
  return words;
}

/** Loads `locale` and words every sentence in it from now on (PSEUDO_LOCALE: the development one). */
export async function useLocale(locale: Locale | typeof PSEUDO_LOCALE): Promise<void> {
  speak(await loadLocale(locale));
}
