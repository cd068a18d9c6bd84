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

/**
 * The language patient instructions start in: the note's, when the instructions can be written in it (a
 * note in French gives French instructions), else English (US). The clinician can change it before asking.
 */
export function startingInstructionsLocale(noteLocale: string | undefined): InstructionsLocale {
  return SPEECH_LOCALES.find((l) => l === noteLocale) ?? 'ENGLISH_US';
}
