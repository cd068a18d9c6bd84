/**
 * Corrections that cannot slip a dose: the checks on clinical text (main/core/checks' `checkText`, the code
 * `scribe check` and the note use) compare the text before an ASYNC_CORRECTION with the text after it. A
 * dose, unit or unit-less number it changed, a side it changed, a finding whose polarity it flipped ("no chest pain" → "chest
 * pain"), "hyper" turned "hypo" (or back) is flagged so the clinician sees it (the correction is still
 * applied as the service says).
 */
import type { DictationFlag } from '../../../../preload/contract/index.ts';
import { EDIT_FLAG_CODES, type FlagCode } from '../../../../preload/contract/text-check-codes.ts';
import { checkText } from '../../../core/checks/check-text.ts';
import { named } from '../../../core/checks/named-flags.ts';

/** The flags only a correction raises (the text before it is compared with the text after). */
const CORRECTION_CODES: ReadonlySet<FlagCode> = new Set(EDIT_FLAG_CODES);

/** What a correction from `before` to `after` changed that changes the meaning, at `after`'s places. */
export function correctionCheck(before: string, after: string): DictationFlag[] {
  const flags = checkText(after, { before })
    .flatMap((sentence) => sentence.flags)
    .filter((flag) => CORRECTION_CODES.has(flag.code));
  return named(after, flags, true);
}
