/**
 * Readable names for service locale codes (ENGLISH_US → "English (United States)"), from the runtime's own
 * locale data (Intl.DisplayNames), so every one of the 36 speech locales reads as people know it and a window
 * shown in another language names them in that language.
 */

/** The service's language word → its BCP 47 language subtag (the codes' region part is already ISO 3166). */
const LANGUAGE_TAGS: Record<string, string> = {
  ENGLISH: 'en',
  FRENCH: 'fr',
  SPANISH: 'es',
  ARMENIAN: 'hy',
  BENGALI: 'bn',
  CANTONESE: 'yue',
  CROATIAN: 'hr',
  FILIPINO: 'fil',
  GERMAN: 'de',
  GREEK: 'el',
  GUJARATI: 'gu',
  HINDI: 'hi',
  ITALIAN: 'it',
  JAPANESE: 'ja',
  KHMER: 'km',
  KOREAN: 'ko',
  MANDARIN: 'zh',
  POLISH: 'pl',
  PORTUGUESE: 'pt',
  PUNJABI: 'pa',
  RUSSIAN: 'ru',
  SERBIAN: 'sr',
  TAMIL: 'ta',
  TELUGU: 'te',
  THAI: 'th',
  VIETNAMESE: 'vi',
  ARABIC: 'ar',
  HEBREW: 'he',
  URDU: 'ur',
  PERSIAN: 'fa',
  HAITIAN: 'ht',
};
/** The service says UK; ISO 3166 says GB. */
const REGION_TAGS: Record<string, string> = { UK: 'GB' };

const cache = new Map<string, Intl.DisplayNames>();
function displayNames(uiLanguage: string): Intl.DisplayNames {
  let names = cache.get(uiLanguage);
  if (!names) {
    names = new Intl.DisplayNames([uiLanguage, 'en'], {
      type: 'language',
      fallback: 'none',
      languageDisplay: 'standard',
    });
    cache.set(uiLanguage, names);
  }
  return names;
}

/** The BCP 47 tag of a service locale code (ENGLISH_UK → en-GB), or null for a shape it does not know. */
export function localeTag(code: string): string | null {
  const match = /^([A-Z]+)_([A-Z]{2})$/.exec(code);
  const language = match ? LANGUAGE_TAGS[match[1]!] : undefined;
  if (!match || !language) return null;
  return `${language}-${REGION_TAGS[match[2]!] ?? match[2]!}`;
}

/** A readable locale name in the window's language (its `<html lang>`). Safe as a `.map` callback. */
export function localeName(code: string): string {
  return localeNameIn(
    code,
    (globalThis as { document?: { documentElement: { lang: string } } }).document?.documentElement.lang ||
      'en',
  );
}

/** A readable locale name in the given language; an unknown code falls back to a tidied form of itself. */
export function localeNameIn(code: string, uiLanguage: string): string {
  const tag = localeTag(code);
  const name = tag ? displayNames(uiLanguage).of(tag) : undefined;
  if (name) return name;
  const match = /^([A-Z]+)_([A-Z]{2})$/.exec(code);
  if (!match) return code;
  return `${match[1]!.charAt(0)}${match[1]!.slice(1).toLowerCase()} (${match[2]!})`;
}

/** SOME_CODE → "Some code". */
export function humanize(code: string): string {
  const words = code.replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
