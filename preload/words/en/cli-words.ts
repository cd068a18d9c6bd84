import { CLI_ADMIN_WORDS } from './cli-admin-words.ts';
import { CLI_SESSION_WORDS } from './cli-session-words.ts';
import { CLI_PROBLEM_WORDS } from './cli-problem-words.ts';

/**
 * The `scribe` command's own words (English): its help, each command's line in it, and the usage and
 * configuration errors every command shares, then each command's own lines (cli-admin-words.ts,
 * cli-session-words.ts). Flags, variable names and file names stay as typed.
 */
export const CLI_WORDS = {
  usage: 'usage: scribe <command> [options]',
  /** One command's usage line, from its flags. */
  usageOf: (synopsis: string) => `usage: scribe ${synopsis}`,
  /** What each command does, beside its flags in the help. */
  commands: {
    doctor: 'check configuration, credentials and the service (--mic: microphones too)',
    note: 'write a clinical note from a transcript file',
    transcribe: 'transcribe an audio file or the microphone',
    dictate: 'dictate from an audio file or the microphone, into the focused application with --insert',
    devices: 'list microphones (* marks the default)',
    recover: 'finish a session a crash interrupted, from its journal',
    audit: 'the audit trail (verify: check its chain, and against what IT collected)',
    broker: 'run the token broker (env: SCRIBE_BROKER_ISSUER, _AUDIENCE, _USER_CLAIM)',
    appointments: 'a clinician’s appointments of the day (--user)',
    'send-instructions': 'send reviewed patient instructions to the appointment’s patient (--user)',
  },
  connection: 'connection (flags override the environment):',
  moreHelp: 'Run "scribe help" for the list of commands.',
  noCommand: 'No command given.',
  unknownCommand: (name: string) => `Unknown command "${name}".`,
  /** Usage errors, from the flag or argument as typed. */
  unknownOption: (option: string) => `Unknown option ${option}.`,
  needsValue: (option: string) => `${option} needs a value.`,
  takesNoValue: (option: string) => `${option} takes no value.`,
  unexpectedArgument: (argument: string) => `Unexpected argument ${argument}: this command takes none.`,
  takesNoArguments: (command: string) => `${command} takes no arguments.`,
  oneOf: (flag: string, values: string) => `${flag} must be one of ${values}.`,
  required: (command: string, flag: string) => `${command}: ${flag} is required.`,
  /** Configuration missing, named by the environment variables that set it. */
  missingConfiguration: (variables: string) => `Missing configuration: set ${variables}.`,
  configuration: (problems: string) => `Configuration: ${problems}`,
  nothingSent: 'Nothing was sent.',
  reasonGiven: (reason: string) => `Reason given: ${reason}`,
  unexpected: (name: string) => `Unexpected failure (${name}). Run with SCRIBE_DEBUG=1 for details.`,
  audioKept: 'The audio is kept: run "scribe recover".',
  /** `scribe recover` of a dictation that held commands acting on another application (never replayed). */
  commandsNotReplayed: (commands: string) =>
    `Voice commands not replayed from a recovered dictation (they act on another application): ${commands}.`,
  diskFull:
    'warning: the disk is full: the audio is kept in memory until the service has transcribed it, not on disk (a crash would lose it).',
  notJournaled: (code: string) =>
    `note: this session is not journaled (${code}); a crash would lose its audio.`,
  noMicrophone: 'No microphone was found.',
  /** Each command's own result and error lines. */
  ...CLI_ADMIN_WORDS,
  ...CLI_SESSION_WORDS,
  ...CLI_PROBLEM_WORDS,
};
