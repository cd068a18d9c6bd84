/**
 * An expected visit failure thrown deep inside the visit services and turned into `{ok: false}` at the
 * handler boundary. Its message is a code only; the words come from the contract's ERROR_TEXT.
 */
import type { ErrorCode } from '../../preload/contract/index.ts';

export class VisitFailure extends Error {
  override readonly name = 'VisitFailure';
  constructor(
    readonly code: ErrorCode,
    /** Patient-free words replacing the default (e.g. a limit with counts). */
    readonly detail?: string,
    readonly retryable = false,
  ) {
    super(`visit failure ${code}`);
  }
}
