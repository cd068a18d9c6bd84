/**
 * The headless entry point: `npm run --silent scribe -- <command> [options]`. It runs exactly the services
 * the desktop app runs. Results go to stdout; failures are one line on stderr with a non-zero exit.
 */
import { parseArgs } from 'node:util';
import { CONNECTION_FLAGS, cliConfig } from './connect.ts';
import { CliError, EXIT, describeFailure, oneLine, usageError } from './io.ts';
import { doctor } from './commands/doctor.ts';
import { listMicrophones } from '../../core/audio/index.ts';
import { note } from './commands/note.ts';
import { extraCommands } from './commands/registry.ts';
import { withCliAudit } from './commands/audit.ts';
import { speakConfiguredLanguage, speakSystemLanguage } from './connect.ts';
import { commandHelp, usageText, versionText, type CommandSynopsis } from './help.ts';
import { words } from '../../../preload/words/index.ts';

/** Every command the help lists, in order: doctor and note, then the registered ones. */
const COMMANDS: readonly CommandSynopsis[] = [
  { name: 'doctor', synopsis: 'doctor [--mic]' },
  {
    name: 'note',
    synopsis: `note --transcript FILE [--template KEY] [--locale L] [--context FILE|-] [--json] [--async] [--orders] [--evidence]
       [--encounter-date YYYY-MM-DD] [--specialty S] [--patient FILE] [--diagnoses FILE] [--source-note FILE]`,
  },
  ...extraCommands,
];

async function run(argv: string[]): Promise<number> {
  await speakConfiguredLanguage();
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    const cli = words().cli;
    if (command === undefined)
      throw new CliError(`${cli.noCommand} ${cli.usage} ${cli.moreHelp}`, EXIT.usage);
    process.stdout.write(`${usageText(COMMANDS)}\n`);
    return 0;
  }
  if (command === '--version' || command === '-V') {
    process.stdout.write(`${versionText()}\n`);
    return 0;
  }
  const described = COMMANDS.find((c) => c.name === command);
  if (described && (rest.includes('--help') || rest.includes('-h'))) {
    process.stdout.write(`${await commandHelp(described, rest)}\n`);
    return 0;
  }
  if (command === 'doctor') return runDoctor(rest);
  if (command === 'note') return runNote(rest);
  const extra = extraCommands.find((c) => c.name === command);
  if (!extra) {
    const cli = words().cli;
    throw new CliError(`${cli.unknownCommand(command)} ${cli.moreHelp}`, EXIT.usage);
  }
  return extra.run(rest);
}

async function runDoctor(args: string[]): Promise<number> {
  const { values } = parse(args, { mic: { type: 'boolean' } });
  const results = await doctor(
    await cliConfig(values),
    undefined,
    values.mic ? () => listMicrophones() : undefined,
  );
  const failed = results.find((r) => !r.ok);
  if (failed) throw new CliError(words().cli.doctor.failed(failed.name, failed.detail), EXIT.failure);
  return 0;
}

async function runNote(args: string[]): Promise<number> {
  const { values } = parse(args, {
    transcript: { type: 'string' },
    template: { type: 'string' },
    locale: { type: 'string' },
    context: { type: 'string' },
    json: { type: 'boolean' },
    async: { type: 'boolean' },
    orders: { type: 'boolean' },
    evidence: { type: 'boolean' },
    'encounter-date': { type: 'string' },
    specialty: { type: 'string' },
    patient: { type: 'string' },
    diagnoses: { type: 'string' },
    'source-note': { type: 'string' },
  });
  if (!values.transcript) throw new CliError(words().cli.required('note', '--transcript FILE'), EXIT.usage);
  const { 'encounter-date': encounterDate, 'source-note': sourceNote, ...rest } = values;
  await note(await cliConfig(values), {
    ...rest,
    transcript: values.transcript,
    encounterDate,
    sourceNote,
  } as Parameters<typeof note>[1]);
  return 0;
}

/** parseArgs with the connection flags added, and usage errors as one line. */
export function parse<
  T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>,
>(args: string[], options: T) {
  try {
    return parseArgs({
      args,
      options: { ...CONNECTION_FLAGS, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError(error);
  }
}

// The system's language until the configuration is read (cliConfig then applies displayLanguage).
speakSystemLanguage(null);
withCliAudit(process.argv.slice(2), run).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const { line, exitCode } = describeFailure(error);
    process.stderr.write(`scribe: ${oneLine(line)}\n`);
    if (process.env.SCRIBE_DEBUG === '1' && error instanceof Error)
      process.stderr.write(`${error.stack ?? ''}\n`);
    process.exitCode = exitCode;
  },
);
