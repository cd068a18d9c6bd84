/**
 * The words of `scribe`'s clinical commands (English): note, transcribe, dictate and recover, their input
 * files and their audio. Never any patient content: flags, codes, ids, counts and section keys only.
 */
import { formatsFor } from '../intl.ts';

const f = formatsFor('en');

export const CLI_SESSION_WORDS = {
  /** The files clinical text is read from, as a sentence names them. */
  inputFiles: {
    transcript: 'transcript file',
    context: 'context file',
    instructions: 'instructions file',
    patient: '--patient file',
    diagnoses: '--diagnoses file',
    'source-note': '--source-note file',
  },
  input: {
    unreadable: (file: string, code: string) => `The ${file} cannot be read (${code}).`,
    tooLarge: (file: string, mib: number) => `The ${file} is larger than ${f.count(mib)} MiB.`,
    stdinIsTerminal: '"-" reads standard input, which is a terminal here: pipe the text in.',
    oneStdin: 'Only one of the file flags can read standard input.',
    lineNotJson: (line: number) => `Transcript line ${f.count(line)} starts like JSON but is not valid JSON.`,
    lineInvalid: (line: number, field: string, code: string) =>
      `Transcript line ${f.count(line)}: ${field} is ${code}.`,
    notJson: (flag: string) => `${flag}: the file is not valid JSON. Nothing was sent.`,
    invalid: (flag: string, issues: string) => `${flag}: ${issues}. Nothing was sent.`,
    encounterDate: '--encounter-date must be a date like 2026-11-22. Nothing was sent.',
    specialtyEmpty: '--specialty is empty. Nothing was sent.',
  },
  note: {
    templateWithUser:
      "--template cannot be used with SCRIBE_USER_EXTERNAL_ID (--user): a user's notes follow the template of its note settings on the service. Drop --template, or the user, to choose one. Nothing was sent.",
    specialtyWithUser:
      "--specialty cannot be used with SCRIBE_USER_EXTERNAL_ID (--user): a user's specialty is set on its account on the service. Nothing was sent.",
    noTranscriptText: 'The transcript file holds no transcript text. Nothing was sent.',
    unsupportedSection: (title: string, key: string) =>
      `warning: the "${title}" section (${key}) has a format this version cannot show; the text marks where it is. Use --json to get it as sent.`,
  },
  audio: {
    oneSource: (command: string) => `${command}: give one audio file or --mic [device].`,
    noSource: (command: string) => `${command}: give an audio file or --mic [device].`,
    unreadable: (code: string) => `The audio file cannot be read (${code}).`,
    notWav: 'The audio file is not a PCM WAV file.',
    micReplaced: (reason: string, device: string) =>
      `note: microphone unavailable (${reason}); using "${device}".`,
    noSound:
      'warning: no sound from the audio input for 10 seconds; check that the microphone is not muted or unplugged.',
    notSpeechLocale: (value: string) => `"${value}" is not a speech locale (e.g. ENGLISH_US, SPANISH_MX).`,
    /** A streaming failure's codes after its words: `(connection_lost, service code 4001)`. */
    codes: (code: string, serviceCode: number | undefined) =>
      `(${code}${serviceCode === undefined ? '' : `, service code ${serviceCode}`})`,
  },
  dictate: {
    /** A voice command the CLI has no field or window to act on. */
    commandDoesNothing: (kind: string) => `Voice command "${kind}" does nothing in scribe dictate.`,
    needsX11:
      '--insert needs an X11 display (DISPLAY) on Linux, or Windows; on macOS dictate into other applications from the app.',
    noDisplay: '--insert: the X display cannot be opened.',
    wayland: 'Wayland session: only X11 (XWayland) windows can receive the dictation.',
    noRecord:
      'The X server has no RECORD extension: typing cannot be seen, so corrections go to stdout only.',
    alsoOnStdout: (why: string) => `${why} The text is also on stdout.`,
    unchecked:
      'That field cannot be read back, so whether the text arrived could not be checked: it is also on stdout.',
    correctionsNotApplied: (count: number) =>
      `${f.plural(count, { one: 'correction was', other: 'corrections were' })} not applied in the field (the person typed or focus moved): the corrected text is on stdout.`,
  },
  recover: {
    noSuchSession: (id: string) => `recover: no unfinished session ${id} (see "scribe recover --list").`,
    noSession: 'recover: there is no unfinished session.',
    several: (count: number) =>
      `recover: ${f.plural(count, { one: 'unfinished session', other: 'unfinished sessions' })}; give an ID (see "scribe recover --list").`,
    inUse: (id: string) => `recover: session ${id} is still being recorded by another process.`,
    tailCut: (id: string) =>
      `warning: the end of session ${id}'s journal was cut (a crash or power cut mid-write); everything before it is recovered.`,
    atMostOne: 'recover: give at most one session ID.',
    listTakesNoId: 'recover: --list takes no ID.',
    /** `--list` marks (the id, command and ISO start time before them stay as they are, for scripts). */
    stale: 'stale',
    inUseMark: 'in-use',
  },
};
