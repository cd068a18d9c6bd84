/**
 * A service value as a person reads it: left only for a medication order's action and route codes (START,
 * ORAL), still worded here in English (docs/known-limitations.md). Note sections, order categories and
 * templates cross as codes and the window names them (preload/words).
 */

/** SOME_KEY / some-key → "Some key". */
export function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
