/**
 * CLI I/O rules (a contract others script against): results only on stdout; one line of reason on stderr
 * and a non-zero exit on failure. Failure messages carry codes and ids, never patient content.
 */
import { ApiError } from '../../core/api/errors.ts';
import { PrivateKeyError } from '../../core/api/auth/client-assertion.ts';
import { toFailure } from '../../core/ipc/error-mapping.ts';
import { nativeMissingIn } from '../../../native/native-module.ts';
import { formatError, serviceNoteText, words } from '../../../preload/words/index.ts';

/** A failure the CLI reports as one line, with its exit code. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = 1,
  ) {
    super(message);
  }
}

/**
 * Exit codes: 1 failure, 2 usage or configuration, 3 a limit refused before sending, 4 the service refused,
 * 5 `audit verify` could not check the trail here (its key cannot be read: nothing found broken).
 */
export const EXIT = { failure: 1, usage: 2, limit: 3, service: 4, unverifiable: 5 } as const;

/** One line for stderr, from any error. */
export function describeFailure(error: unknown): { line: string; exitCode: number } {
  if (error instanceof CliError) return { line: error.message, exitCode: error.exitCode };
  // A native part the packaged CLI did not find beside it (or that does not load here), named.
  const missing = nativeMissingIn(error);
  if (missing) return { line: words().cli.nativeMissing(missing.packageName), exitCode: EXIT.failure };
  if (error instanceof PrivateKeyError)
    return { line: words().cli.privateKey(error.problem), exitCode: EXIT.usage };
  if (error instanceof ApiError) {
    const detail = error.detail ? ` ${words().cli.reasonGiven(error.detail)}` : '';
    return { line: `${serviceNoteText(error.note)}${error.idsSuffix()}${detail}`, exitCode: EXIT.service };
  }
  // The app's expected failures, in the words the window shows (preload/words, from the code error-mapping.ts gives).
  const failure = toFailure(error);
  const text = formatError(failure);
  if (failure.code === 'limit_exceeded')
    return { line: `${text} ${words().cli.nothingSent}`, exitCode: EXIT.limit };
  if (failure.code !== 'internal') return { line: text, exitCode: EXIT.failure };
  // A bug or an unexpected failure: the class name only, since messages of foreign errors may carry content.
  const name = error instanceof Error ? error.name : typeof error;
  return { line: words().cli.unexpected(name), exitCode: EXIT.failure };
}

/**
 * A usage error of node:util's parseArgs in the CLI's words: the option or argument as typed, from the
 * error's code (its message is Node's English); a code this version does not know keeps Node's line.
 */
export function usageError(error: unknown): CliError {
  const cli = words().cli;
  const { code, message = String(error) } = error as { code?: string; message?: string };
  const typed = /'([^']+)'/.exec(message)?.[1]?.replace(/ <value>$/, '');
  const text =
    typed === undefined
      ? undefined
      : code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? cli.unknownOption(typed)
        : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
          ? cli.unexpectedArgument(typed)
          : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
            ? / argument missing/.test(message)
              ? cli.needsValue(typed)
              : cli.takesNoValue(typed)
            : undefined;
  return new CliError(text ?? oneLine(message), EXIT.usage);
}

/** Writes a result line to stdout. */
export function out(line: string): void {
  process.stdout.write(line.endsWith('\n') ? line : `${line}\n`);
}

/** Collapses a message to one line. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
