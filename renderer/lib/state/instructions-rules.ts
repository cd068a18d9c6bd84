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
