/**
 * Language names and the choice of a language, through `Intl`, for every locale's words (numbers, plurals
 * and dates are in the messages). Zod-free and DOM-free: the window and the CLI use the same code.
 */

/** The service's language words (FRENCH in FRENCH_FR) as ISO 639 codes, for `Intl.DisplayNames`. */
const LANGUAGE_CODES: Readonly<Record<string, string>> = {
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

/**
 * A service locale code (FRENCH_FR, SPANISH_MX) named in the locale `tag` ("français (France)",
 * "español (México)"); a code of another shape, or one `Intl` cannot name, comes back as it is.
 */
export function displayLanguageName(tag: string, code: string): string {
  const match = /^([A-Z]+)_([A-Z]{2})$/.exec(code);
  const language = match ? LANGUAGE_CODES[match[1]!] : undefined;
  if (!match || !language) return code;
  const region = match[2] === 'UK' ? 'GB' : match[2]!;
  try {
    const names = new Intl.DisplayNames([tag], { type: 'language', languageDisplay: 'standard' });
    const name = names.of(`${language}-${region}`) ?? code;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return code;
  }
}

/**
 * A language's name inside a sentence, its first letter in lower case as French and Spanish write it
 * ("Anglais (États-Unis)" → "anglais (États-Unis)"); the rest, the region's capital included, as it is.
 */
export function inSentence(tag: string, name: string): string {
  // String(): the words test calls every sentence with null arguments, and it must still read.
  const text = String(name);
  return text.charAt(0).toLocaleLowerCase(tag) + text.slice(1);
}

/**
 * The first of the person's languages (`en-GB`, `fr_CA.UTF-8`, `es`) the app speaks, else `fallback`:
 * how the system's language becomes the window's and the CLI's when no setting or policy names one.
 */
export function pickLanguage<L extends string>(
  preferred: readonly (string | undefined)[],
  offered: readonly L[],
  fallback: L,
): L {
  for (const raw of preferred) {
    const base = raw
      ?.trim()
      .toLowerCase()
      .split(/[-_.@]/)[0];
    const hit = offered.find((tag) => tag === base);
    if (hit) return hit;
  }
  return fallback;
}

/**
 * The time left until `at` (wall-clock ms) as a countdown says it: whole seconds up to two minutes, then
 * whole minutes, rounded up, never below 1 (the clear itself is announced when it happens).
 */
export function timeLeft(at: number, now: number): { value: number; unit: 'second' | 'minute' } {
  const seconds = Math.max(1, Math.ceil((at - now) / 1000));
  return seconds <= 120
    ? { value: seconds, unit: 'second' }
    : { value: Math.ceil(seconds / 60), unit: 'minute' };
}
