/**
 * `scribe dictate <audio.wav | --mic [device]>`: dictation over /dictate-ws with the app's session. Prints
 * the final dictated text, corrections and voice commands applied (scratch that, new line …; the key
 * `dictationCommands` turns them off), exactly as it would be inserted at the cursor. `--context`
 * names a file (or `-`, standard input) holding the text of the field dictated into; the cursor is at its end.
 */
import { DICTATION_LOCALES, type DictationLocale } from '../../../core/api/schemas/common.ts';
import { openAudioSource } from '../../../core/audio/index.ts';
import { DictateSession } from '../../../core/streaming/dictate-session.ts';
import { createTextsFeature, headless } from '../../../compose/headless.ts';
import type { HeardCommand } from '../../../features/dictation/dictation-headless.ts';
import type { DictationText } from '../../../features/dictation/ports.ts';
import { configSchema, type Config } from '../../../core/config/config-schema.ts';
import { defaultUserDataDir } from '../../../core/config/paths.ts';
import { cliConfig, openJournal, type ConnectionFlags } from '../connect.ts';
import { CliError, EXIT } from '../io.ts';
import { readTextInput } from '../text-input.ts';
import type { CliCommand } from './registry.ts';
import { insertionNotices, insertMode, startCliInsertion, type CliInsertion } from './dictate-insert.ts';
import { audioSpec, parseCommand, runJournaled, streamingConnection } from '../streaming.ts';
import {
  dictationMessageText,
  languageName,
  voiceCommandLines,
  words,
} from '../../../../preload/words/index.ts';

function dictationLocale(flag: string | undefined, fallback: DictationLocale): DictationLocale {
  const locale = flag ?? fallback;
  if (!(DICTATION_LOCALES as readonly string[]).includes(locale))
    throw new CliError(words().cli.oneOf('--locale', DICTATION_LOCALES.join(', ')), EXIT.usage);
  return locale as DictationLocale;
}

/** The command line, checked before anything connects. */
async function dictateArgs(args: string[]) {
  const { values, positionals } = parseCommand(args, {
    locale: { type: 'string' },
    'async-corrections': { type: 'boolean' },
    context: { type: 'string' },
    insert: { type: 'string' },
  });
  const config = await cliConfig(values as ConnectionFlags);
  const locale = dictationLocale(values.locale as string | undefined, config.dictationLocale);
  const spec = await audioSpec('dictate', values, positionals);
  const mode = insertMode(values.insert as string | undefined);
  // The field's text is clinical: read from a file or standard input, never taken from the command line.
  const contextPath = values.context as string | undefined;
  const context = contextPath === undefined ? undefined : await readTextInput(contextPath, 'context');
  const asyncCorrections = values['async-corrections'] === true;
  return { config, locale, spec, mode, context, asyncCorrections, journaled: values['no-journal'] !== true };
}

const { dictation } = headless;

async function dictate(args: string[]): Promise<number> {
  const { config, locale, spec, mode, context, asyncCorrections, journaled } = await dictateArgs(args);
  const connection = await streamingConnection(config);
  // The target is the window focused now, before anything else can take focus.
  const inserting = mode ? await startCliInsertion(mode, config.dictationAppRules) : undefined;
  // The cursor sits at the end of the given text: dictation continues it. Otherwise the field's own text
  // and selection when it can be read (never on X11), else nothing.
  const field =
    context === undefined
      ? inserting?.insertion.fieldContext
      : { text: context, selectionStart: context.length, selectionLength: 0 };
  const settings = { locale, asyncCorrections, ...(field ? { context: field } : {}) };
  const journal = await openJournal(config, journaled, 'dictate', ['main'], settings);
  const session = new DictateSession({
    ...connection,
    ...settings,
    ...(journal ? { journal: journal.journal } : {}),
  });
  const texts = await clinicianTexts(config);
  // Printed only, the text is the dictation's own, as in the dictation box: select, insert after … act on it.
  const own = inserting === undefined;
  const { dictationCommands: enabled, dictationFieldMarkers: markers } = config;
  const commands = dictation.commands({ locale, enabled, texts, box: own, markers });
  session.on('text', ({ text, rolledBack }) => {
    const { text: filtered, heard } = commands.update(text);
    const inserted = shaped(filtered, inserting);
    inserting?.insertion.update(inserted, rolledBack);
    // The CLI has no field navigation or stop by voice (nor selection when it types): say so, change nothing.
    for (const command of heard) sayCommand(command, locale, own);
  });
  try {
    await runJournaled(
      session,
      openAudioSource(spec),
      (chunk) => session.sendAudio(chunk),
      journal,
      () => finish(shaped(commands.update(session.text).text, inserting), inserting),
    );
  } finally {
    await inserting?.finish(); // a failed session still gives the clipboard back
  }
  return 0;
}

/** The clinician's Texts, as the app has them ("insert ‹name›" prints the Text; also `scribe recover`). */
export function clinicianTexts(config: Config): Promise<readonly DictationText[]> {
  return createTextsFeature({
    dataDir: process.env.SCRIBE_DATA_DIR?.trim() || defaultUserDataDir(),
    organizationFile: () => config.dictationTextsFile,
  }).service.library();
}

/** Says on stderr a command heard that does nothing here, or could not act on the text. */
function sayCommand(command: HeardCommand, locale: string, own: boolean): void {
  // Named by its spoken form, never by its internal id (nor by the words "select" was given: dictated).
  if (!(own ? dictation.ownTextShaping : dictation.textShaping).has(command.kind))
    process.stderr.write(
      `${words().cli.dictate.commandDoesNothing(dictation.spokenAs(command.kind, locale))}\n`,
    );
  const notice = dictation.ownTextNotice(command);
  if (notice) process.stderr.write(`${dictationMessageText({ code: notice, app: null })}\n`);
}

/** The text as the field takes it (as printed too: exactly what was inserted). */
function shaped(text: string, inserting: CliInsertion | undefined): string {
  return inserting ? inserting.shape(text) : text;
}

/** Inserts (when asked), prints the text, and says what the insertion could not do. */
async function finish(
  text: string,
  inserting: Awaited<ReturnType<typeof startCliInsertion>> | undefined,
): Promise<void> {
  const result = await inserting?.finish();
  printDictation(text);
  const { failure, notes = [] } = result ? insertionNotices(result) : {};
  for (const note of notes) process.stderr.write(`${note}\n`);
  if (failure) throw new CliError(failure, EXIT.failure);
}

/** Prints dictated text exactly as it would be inserted (also `scribe recover`). */
export function printDictation(text: string): void {
  // No newline is added unless a person is reading a terminal.
  process.stdout.write(process.stdout.isTTY ? `${text}\n` : text);
}

/**
 * `scribe dictate --help [--locale L]`: every voice command as said in the dictation language (--locale,
 * else the configured one) beside what it does, and what --async-corrections changes.
 */
async function dictateHelp(args: readonly string[]): Promise<string> {
  const at = args.indexOf('--locale');
  const config = await cliConfig({}).catch(() => configSchema.parse({}));
  const locale = dictationLocale(at >= 0 ? args[at + 1] : undefined, config.dictationLocale);
  const lines = voiceCommandLines(locale);
  const width = Math.max(...lines.map((l) => l.said.length)) + 2;
  const help = words().cli.dictate;
  return [
    help.commandsHeading(languageName(locale)),
    ...lines.map((line) => `  ${line.said.padEnd(width)}${line.does}`),
    help.asyncCorrections,
  ].join('\n');
}

/** The `dictate` command. */
export const dictateCommand: CliCommand = {
  name: 'dictate',
  synopsis:
    'dictate <audio.wav | --mic [device]> [--insert paste|type|copy] [--locale L] [--async-corrections] [--context FILE|-] [--fast] [--no-journal]',
  run: dictate,
  moreHelp: dictateHelp,
};
