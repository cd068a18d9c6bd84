/**
 * The kinds of check on clinical text IT left on (policy `checksDoses`, `checksSoundAlikes`, `checksSides`,
 * `checksNegation`): read the same way for dictation and for note sections changed by hand.
 */
import { FLAG_KINDS, type FlagKind } from '../../../preload/contract/text-check-codes.ts';
import type { Config } from './config-schema.ts';

/** The kinds of check `config` leaves on. */
export function checkKindsOf(config: Config): FlagKind[] {
  const on: Record<FlagKind, boolean> = {
    dose: config.checksDoses,
    sound_alike: config.checksSoundAlikes,
    side: config.checksSides,
    negation: config.checksNegation,
  };
  return FLAG_KINDS.filter((kind) => on[kind]);
}
