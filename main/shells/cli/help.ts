/**
 * `scribe help`: each command's flags (as typed, never translated) beside what it does, in the words of
 * the chosen locale (the displayLanguage setting or policy key, else LC_ALL, LC_MESSAGES, LANG).
 */
import packageJson from '../../../package.json' with { type: 'json' };
import { PROTOCOL } from '../../core/api/protocol.ts';
import { words } from '../../../preload/words/index.ts';
import type { CliCommandName } from '../../../preload/words/words.ts';

/** A command as the help lists it: its name (which words say what it does) and its flags. */
export interface CommandSynopsis {
  readonly name: CliCommandName;
  readonly synopsis: string;
  /** More for `scribe <command> --help` (dictate: the voice commands it applies). */
  readonly moreHelp?: (args: readonly string[]) => Promise<string>;
}

const APP_VERSION: string = packageJson.version;

/** Where what a command does starts, when its flags are short enough to leave room. */
const COLUMN = 37;

const CONNECTION_FLAGS_HELP = `  --service-url (SCRIBE_SERVICE_URL), --api-version (SCRIBE_API_VERSION), --client-id (SCRIBE_CLIENT_ID),
  --private-key-file (SCRIBE_PRIVATE_KEY_FILE), --key-id (SCRIBE_KEY_ID), --user (SCRIBE_USER_EXTERNAL_ID)`;

/** The whole help text. */
export function usageText(commands: readonly CommandSynopsis[]): string {
  const cli = words().cli;
  const lines = commands.map(({ name, synopsis }) =>
    synopsis.length < COLUMN && !synopsis.includes('\n')
      ? `  ${synopsis.padEnd(COLUMN)}${cli.commands[name]}`
      : `  ${synopsis}\n  ${' '.repeat(COLUMN)}${cli.commands[name]}`,
  );
  return [cli.usage, ...lines, cli.connection, CONNECTION_FLAGS_HELP].join('\n');
}

/** `scribe <command> --help`: its usage, what it does, anything more it says, and the connection flags. */
export async function commandHelp(command: CommandSynopsis, args: readonly string[] = []): Promise<string> {
  const cli = words().cli;
  const more = command.moreHelp ? [await command.moreHelp(args)] : [];
  return [
    cli.usageOf(command.synopsis),
    `  ${cli.commands[command.name]}`,
    ...more,
    cli.connection,
    CONNECTION_FLAGS_HELP,
  ].join('\n');
}

/** `scribe --version`: this program's version and the service API version it speaks. */
export function versionText(): string {
  return words().cli.version(APP_VERSION, PROTOCOL.apiVersion);
}
