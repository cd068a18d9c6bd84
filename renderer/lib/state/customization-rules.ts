/** Section instructions: the per-instruction limit, checked before anything is sent (main checks again). */
import type { Customization } from '../../../preload/contract/index.ts';
import { INPUT_LIMITS, charCount } from '../../../preload/contract/limits.ts';
import { ui } from '../../../preload/words/window.ts';

const LIMIT = INPUT_LIMITS.customInstructionChars;

/** How many instructions (the whole note's and each section's) are over the limit. */
export function instructionsOverLimit(draft: Customization | null): number {
  if (!draft) return 0;
  const texts = [draft.templateInstruction, ...draft.sections.map((s) => s.instruction)];
  return texts.filter((text) => charCount(text) > LIMIT).length;
}

/** What to do about instructions over the limit ('' when none is). */
export function overLimitText(over: number): string {
  if (over === 0) return '';
  return ui().settings.overLimit(over, LIMIT);
}

/** An editable copy of the customization (sections copied, so edits never touch what main sent). */
export function customizationDraft(customization: Customization | null): Customization | null {
  return customization ? { ...customization, sections: customization.sections.map((s) => ({ ...s })) } : null;
}
