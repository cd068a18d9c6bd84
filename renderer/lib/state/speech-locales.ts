/**
 * Spoken languages as the service accepts them: one, or two distinct ones; Haitian Creole only alone.
 */

/** The language the service transcribes only on its own. */
const ALONE_LOCALE = 'HAITIAN_HT';

/** The list to save for a first and a (possibly empty) second language. */
export function localePair(primary: string, other: string): string[] {
  const two = other && other !== primary && primary !== ALONE_LOCALE && other !== ALONE_LOCALE;
  return two ? [primary, other] : [primary];
}

/** The languages offered as the second one. */
export function secondLocales(all: readonly string[], primary: string | undefined): string[] {
  return all.filter((c) => c !== primary && c !== ALONE_LOCALE);
}

/** Whether the first language rules out a second one. */
export function transcribedAlone(primary: string | undefined): boolean {
  return primary === ALONE_LOCALE;
}
