/** Patient instructions: the languages they can be translated to. */
import { SPEECH_LOCALES, type InstructionsLocale } from '../../../preload/contract/enums.ts';

/** Every instructions language but the one shown (one list for writing and for translating). */
export function translationTargets(shown: string | undefined): InstructionsLocale[] {
  return SPEECH_LOCALES.filter((l) => l !== shown);
}

/** The chosen target if still offered, else the first one offered. */
export function keptTarget(
  chosen: InstructionsLocale,
  targets: readonly InstructionsLocale[],
): InstructionsLocale {
  return targets.includes(chosen) ? chosen : targets[0]!;
}

/** The instructions language of each window language (Spanish: Spain's). */
const WINDOW_INSTRUCTIONS_LOCALE: Readonly<Record<string, InstructionsLocale>> = {
  en: 'ENGLISH_US',
  fr: 'FRENCH_FR',
  es: 'SPANISH_ES',
};

/**
 * The language patient instructions start in: the note's when it is in the window's language (keeping its
 * region: ENGLISH_UK) or is a language other than English chosen for the visit (a French note in an English
 * window); else the window's own language, so a Spanish window, whose note the service writes in English,
 * starts in Spanish. The clinician can change it before asking.
 */
export function startingInstructionsLocale(
  noteLocale: string | undefined,
  windowLanguage: string,
): InstructionsLocale {
  const note = SPEECH_LOCALES.find((l) => l === noteLocale);
  const own = WINDOW_INSTRUCTIONS_LOCALE[windowLanguage];
  const sameLanguage = own !== undefined && note?.split('_')[0] === own.split('_')[0];
  if (note && (sameLanguage || !note.startsWith('ENGLISH_'))) return note;
  return own ?? note ?? 'ENGLISH_US';
}
