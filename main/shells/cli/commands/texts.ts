/**
 * `scribe texts import FILE`: a Dragon command export (.xml), the documented CSV (.csv: name, content) or
 * our JSON (.json) into the clinician's Texts (texts.json in the data folder the app reads); a Text of the
 * same name is replaced; each item left out is named on stderr with its reason (never its content).
 * `scribe texts export [--csv]`: the clinician's Texts on stdout, as our JSON or that CSV.
 */
import { parseArgs } from 'node:util';
import { createTextsFeature, type TextsService } from '../../../compose/headless.ts';
import { defaultUserDataDir } from '../../../core/config/paths.ts';
import { CliError, EXIT, out } from '../io.ts';
import { words } from '../../../../preload/words/index.ts';
import type { CliCommand } from './registry.ts';

/** A reason from the parser or the file system (a code), never the file's text. */
function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : error instanceof SyntaxError ? 'syntax' : 'format';
}

async function importTexts(texts: TextsService, file: string): Promise<number> {
  const said = words().cli.texts;
  const format = texts.formatOf(file);
  if (!format) throw new CliError(said.unknownFormat(file), EXIT.usage);
  // The clinician's file first: one that is not ours is refused, never overwritten.
  await texts.exportUser('json').catch(() => {
    throw new CliError(said.libraryUnreadable(texts.userFile), EXIT.failure);
  });
  const result = await texts.importFile(file, format).catch((error: unknown) => {
    throw new CliError(said.unreadable(file, reasonOf(error)), EXIT.failure);
  });
  for (const left of result.leftOut) process.stderr.write(`${said.leftOut(left.name, left.reason)}\n`);
  out(said.imported(result.texts.length, texts.userFile));
  return 0;
}

async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { csv: { type: 'boolean' } },
    allowPositionals: true,
  });
  const texts = createTextsFeature({
    dataDir: process.env.SCRIBE_DATA_DIR?.trim() || defaultUserDataDir(),
  }).service;
  const [action, file, ...rest] = positionals;
  if (action === 'import' && file && rest.length === 0 && !values.csv) return importTexts(texts, file);
  if (action === 'export' && !file) {
    const text = await texts.exportUser(values.csv ? 'csv' : 'json').catch(() => {
      throw new CliError(words().cli.texts.libraryUnreadable(texts.userFile), EXIT.failure);
    });
    process.stdout.write(text);
    return 0;
  }
  throw new CliError(words().cli.texts.usage, EXIT.usage);
}

/** The `texts` command. */
export const textsCommand: CliCommand = {
  name: 'texts',
  synopsis: 'texts import FILE | texts export [--csv]',
  run,
};
