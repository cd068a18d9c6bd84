/**
 * The facts of a check's flag (preload/contract/text-check-codes.ts's FlagFacts), in the order every flag's
 * message takes them: `scribe check`'s lines and the dictation box's and overlay's flags alike, each message
 * placing those it names.
 */
import { FLAG_CODES, type FlagCode } from '../../contract/text-check-codes.ts';

export const FLAG_FACTS = [
  'said',
  'instead',
  'drug',
  'earlier',
  'factor:number',
  'source',
  'part',
  'finding',
  'from',
  'to',
] as const;

/** One signature per flag code under `prefix` (`check.flags`, `dictationScreen.flag`). */
export function flagSignatures<P extends string>(
  prefix: P,
): { readonly [C in FlagCode as `${P}.${C}`]: typeof FLAG_FACTS } {
  return Object.fromEntries(FLAG_CODES.map((code) => [`${prefix}.${code}`, FLAG_FACTS])) as never;
}
