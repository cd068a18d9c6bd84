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

/** One signature per flag code (or per one of `codes`) under `prefix` (`check.flags`, `dictationScreen.flag`). */
export function flagSignatures<P extends string, C extends FlagCode = FlagCode>(
  prefix: P,
  codes: readonly C[] = FLAG_CODES as readonly FlagCode[] as readonly C[],
): { readonly [K in C as `${P}.${K}`]: typeof FLAG_FACTS } {
  return Object.fromEntries(codes.map((code) => [`${prefix}.${code}`, FLAG_FACTS])) as never;
}
