/**
 * Clinical text for the CLI comes from a file, or from standard input with `-`: never from the command line,
 * where it would sit in `ps` and the shell's history.
 */
import { readFile } from 'node:fs/promises';
import { CliError, EXIT } from './io.ts';
import { words } from '../../../preload/words/index.ts';

/** The files clinical text is read from (each named in the words of the chosen locale). */
export type TextInputFile = keyof ReturnType<typeof words>['cli']['inputFiles'];

/** Largest text file read (a context, a transcript): far above any limit the service has. */
const MAX_TEXT_INPUT_BYTES = 8 * 1024 * 1024;

/** Reads `path` (or standard input for `-`) as UTF-8, with a one-line reason when it cannot. */
export async function readTextInput(path: string, what: TextInputFile): Promise<string> {
  const said = words().cli;
  let bytes: Buffer;
  try {
    bytes = path === '-' ? await readStdin() : await readFile(path);
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new CliError(said.input.unreadable(said.inputFiles[what], code), EXIT.usage);
  }
  if (bytes.length > MAX_TEXT_INPUT_BYTES)
    throw new CliError(
      said.input.tooLarge(said.inputFiles[what], MAX_TEXT_INPUT_BYTES / 1024 / 1024),
      EXIT.usage,
    );
  return bytes.toString('utf8');
}

async function readStdin(): Promise<Buffer> {
  if (process.stdin.isTTY) throw new CliError(words().cli.input.stdinIsTerminal, EXIT.usage);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_TEXT_INPUT_BYTES) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, Math.min(size, MAX_TEXT_INPUT_BYTES + 1));
}
