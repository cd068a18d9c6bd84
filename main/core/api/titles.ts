/**
 * A service key as a person reads it, for titles the service does not give (note sections, order
 * categories, templates): shared by the note and the settings, so neither imports the other.
 */

/** SOME_KEY / some-key → "Some key". */
export function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
