/**
 * `scribe help`: each command's flags (as typed, never translated) beside what it does, in the words of
 * the chosen locale (the displayLanguage setting or policy key, else LC_ALL, LC_MESSAGES, LANG).
 */
import { words } from '../../../preload/words/index.ts';
import type { CliCommandName } from '../../../preload/words/words.ts';

/** A command as the help lists it: its name (which words say what it does) and its flags. */
export interface CommandSynopsis {
  readonly name: CliCommandName;
  readonly synopsis: string;
}

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
