/**
 * The one type of expected failure in main: a code, closed params and whether trying again may help. Thrown
 * anywhere below a handler and turned into `{ok: false, error}` at the IPC boundary (error-mapping.ts),
 * worded by the CLI the same way. It carries no words: they are chosen where it is shown (the window, the CLI,
 * a dialog) from its code and closed params, so it never carries what a person said or what a library or the
 * service wrote. Its message, for logs and tests, is the code.
 */
import {
  ERRNO_CODES,
  type ErrnoCode,
  type ErrorCode,
  type ErrorParams,
  type IpcError,
  type ParamsOf,
} from '../../preload/contract/index.ts';

/** A file-system error code from the closed list failures may name, else undefined. */
export function errnoCode(code: string | undefined): ErrnoCode | undefined {
  return (ERRNO_CODES as readonly (string | undefined)[]).includes(code) ? (code as ErrnoCode) : undefined;
}

export class Failure<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name: string = 'Failure';
  readonly params: ParamsOf<C> | undefined;

  constructor(
    readonly code: C,
    params?: ParamsOf<C>,
    readonly retryable = false,
  ) {
    super(code);
    this.params = params;
  }

  /** The value that crosses IPC: code, params and retryable, no words. */
  toIpcError(): IpcError {
    const error: IpcError = { code: this.code, retryable: this.retryable };
    return this.params === undefined ? error : { ...error, params: this.params as ErrorParams };
  }
}
