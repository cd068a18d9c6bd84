/**
 * The words module's front door for the window: the window's part of index.ts's words (no CLI, tray or
 * update words: WindowWords), each language its own chunk of the renderer build, loaded when chosen, so
 * the window ships to its first screen only the language it speaks (docs/architecture.md). `useLocale` resolves once the language is loaded and spoken;
 * the window awaits it before it shows anything.
 */
import { buildWindowWords } from './build/words.ts';
import { PSEUDO_LOCALE, speak, type Locale } from './current.ts';
import type { WindowWords } from './words.ts';

export * from './current.ts';

/** How each language is loaded (the pseudo-locale is made from English). */
const LOADERS: Readonly<Record<Locale | typeof PSEUDO_LOCALE, () => Promise<WindowWords>>> = {
  en: async () => buildWindowWords('en', await import('./en/window-catalogue.ts')),
  fr: async () => buildWindowWords('fr', await import('./fr/window-catalogue.ts')),
  es: async () => buildWindowWords('es', await import('./es/window-catalogue.ts')),
  [PSEUDO_LOCALE]: async () => {
    const [{ pseudoFiles }, english] = await Promise.all([
      import('./pseudo.ts'),
      import('./en/window-catalogue.ts'),
    ]);
    return buildWindowWords('en', pseudoFiles(english));
  },
};

const loaded = new Map<string, Promise<WindowWords>>();

/** The words of `locale`, loaded on first use. */
export function loadLocale(locale: Locale | typeof PSEUDO_LOCALE): Promise<WindowWords> {
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
