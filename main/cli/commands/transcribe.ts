/**
 * `scribe transcribe <audio.wav | --mic [device]>`: ambient transcription over /transcribe-ws with the
 * same session the app uses (reconnects, replay, one timeline). Prints the final transcript in time order.
 * Also home of what `scribe dictate` shares: argument parsing, the audio source, the pump and Ctrl+C.
 */
import { open } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkSpeechLocales } from '../../api/limits.ts';
import { SPEAKER_TYPES, SPEECH_LOCALES, type SpeakerType } from '../../api/schemas/common.ts';
import {
  AudioError,
  chunkFrames,
  openAudioSource,
  type AudioSource,
  type AudioSourceSpec,
} from '../../audio/index.ts';
import { parseWavHeader } from '../../audio/wav.ts';
import type { Config } from '../../config/config-schema.ts';
import type { StreamingSession, SessionEvents } from '../../streaming/session-engine.ts';
import { StreamingError } from '../../streaming/streaming-error.ts';
import { TranscribeSession } from '../../streaming/transcribe-session.ts';
import type { FinalTranscriptItem } from '../../streaming/transcript.ts';
import {
  CONNECTION_FLAGS,
  DISK_FULL_WARNING,
  cliConfig,
  connect,
  openJournal,
  type CliJournal,
  type ConnectionFlags,
} from '../connect.ts';
import { CliError, EXIT, oneLine, out } from '../io.ts';
import type { CliCommand } from './registry.ts';

/** Flags both streaming commands take for their audio. */
const AUDIO_FLAGS = {
  mic: { type: 'boolean' },
  fast: { type: 'boolean' },
  'no-journal': { type: 'boolean' },
} as const;

type FlagSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

/** parseArgs with the connection flags, usage errors as one line (as index.ts does for its commands). */
export function parseCommand<T extends FlagSpec>(args: string[], options: T) {
  try {
    return parseArgs({
      args,
      options: { ...CONNECTION_FLAGS, ...AUDIO_FLAGS, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new CliError(oneLine((error as Error).message), EXIT.usage);
  }
}

/**
 * The audio source from `<file>` or `--mic [device]`, checked before anything is connected: a file must
 * exist and be a PCM WAV. Files go at real-time pace unless `--fast`.
 */
export async function audioSpec(
  command: string,
  values: { mic?: boolean; fast?: boolean },
  positionals: string[],
): Promise<AudioSourceSpec> {
  if (positionals.length > 1)
    throw new CliError(`${command}: give one audio file or --mic [device].`, EXIT.usage);
  const [operand] = positionals;
  if (values.mic)
    return operand === undefined ? { kind: 'microphone' } : { kind: 'microphone', device: operand };
  if (operand === undefined)
    throw new CliError(`${command}: give an audio file or --mic [device].`, EXIT.usage);
  await checkWavFile(operand);
  return { kind: 'file', path: operand, pace: values.fast ? 'fast' : 'realtime' };
}

async function checkWavFile(path: string): Promise<void> {
  let head: Uint8Array;
  try {
    const file = await open(path, 'r');
    try {
      const buffer = new Uint8Array(64 * 1024);
      const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new CliError(
      `The audio file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      EXIT.usage,
    );
  }
  try {
    parseWavHeader(head);
  } catch {
    throw new CliError('The audio file is not a PCM WAV file.', EXIT.usage);
  }
}

/** Connects and returns what a session needs: the base URL and the active caller's token source. */
export async function streamingConnection(config: Config) {
  const { http, tokens } = await connect(config);
  return { baseUrl: http.baseUrl, tokens, apiVersion: config.apiVersion };
}

/**
 * runSession with the journal's end of life: once the session ended cleanly and `print` has put the result
 * out, the journal has served its purpose and is shredded (patient audio does not stay on disk for the
 * retention period); a session that never got audio leaves nothing worth keeping (shredded too); a failure
 * after audio keeps it for `scribe recover`. Should printing fail, the journal stays, finished.
 */
export async function runJournaled<E extends SessionEvents>(
  session: StreamingSession<E>,
  source: AudioSource,
  send: (chunk: Int16Array) => void,
  cli: CliJournal | undefined,
  print: () => void | Promise<void>,
): Promise<void> {
  // A disk that fills midway is one warning line; the session goes on with its audio in memory.
  let warned = false;
  const offWarning = session.on('warning', (warning) => {
    if (warned || warning.code !== 'disk_full') return;
    warned = true;
    process.stderr.write(`${DISK_FULL_WARNING}\n`);
  });
  try {
    await runSession(session, source, send);
  } catch (error) {
    if (cli && session.audio.nextIndex(0) > 0 && error instanceof CliError)
      throw new CliError(`${error.message} The audio is kept: run "scribe recover".`, error.exitCode);
    await cli?.store.shred(cli.journal.id).catch(() => undefined);
    throw error;
  } finally {
    offWarning();
  }
  await print();
  await cli?.store.shred(cli.journal.id).catch(() => undefined);
}

/**
 * Opens the source, then the session, and pumps 100 ms chunks until the source ends (a file) or Ctrl+C (the
 * first SIGINT stops the audio and ends gracefully; a second one abandons the session, which stays in the
 * journal). Then ends the session: everything sent is confirmed by the service before this resolves.
 *
 * The audio is opened before the socket because a microphone may take seconds to deliver its first frame
 * (device start-up, the OS permission prompt), and the service fails a socket that gets no audio for 10 s.
 */
async function runSession<E extends SessionEvents>(
  session: StreamingSession<E>,
  source: AudioSource,
  send: (chunk: Int16Array) => void,
): Promise<void> {
  let interrupted = false;
  const onSigint = (): void => {
    if (!interrupted) {
      interrupted = true;
      void source.stop();
    } else {
      session.abort();
      process.exit(130);
    }
  };
  process.on('SIGINT', onSigint);
  const offFailed = session.on('state', (state) => {
    if (state === 'failed') void source.stop();
  });
  const offNotice = source.onDidNotice?.((notice) =>
    process.stderr.write(
      `scribe: note: microphone unavailable (${notice.reason}); using "${notice.device}".\n`,
    ),
  );
  const chunks = chunkFrames(source.frames())[Symbol.asyncIterator]();
  try {
    let next = await chunks.next();
    if (next.done) return; // no audio at all (Ctrl+C before the first chunk): nothing to send
    await session.start();
    try {
      for (; !next.done; next = await chunks.next()) {
        if (session.state === 'failed') break;
        send(next.value);
      }
    } catch (error) {
      session.abort();
      throw error;
    }
    await session.end();
  } catch (error) {
    throw streamingFailure(error);
  } finally {
    process.off('SIGINT', onSigint);
    offFailed();
    offNotice?.();
    await source.stop();
  }
}

/** Streaming and audio failures as one CLI line (codes only, never content). */
export function streamingFailure(error: unknown): unknown {
  if (error instanceof StreamingError) {
    const service = error.serviceCode === undefined ? '' : `, service code ${error.serviceCode}`;
    const exit = error.status !== undefined || error.serviceCode !== undefined ? EXIT.service : EXIT.failure;
    return new CliError(`${error.message} (${error.code}${service})`, exit);
  }
  if (error instanceof AudioError) {
    const exit = error.code.startsWith('file_') ? EXIT.usage : EXIT.failure;
    return new CliError(`${error.message} (${error.code})`, exit);
  }
  return error;
}

/** The checked speech locales: flags, or the configured ones. */
function speechLocales(flags: string[] | undefined, config: Config): string[] {
  const locales = flags && flags.length > 0 ? flags : [...config.speechLocales];
  const unknown = locales.find((l) => !(SPEECH_LOCALES as readonly string[]).includes(l));
  if (unknown !== undefined)
    throw new CliError(`"${unknown}" is not a speech locale (e.g. ENGLISH_US, SPANISH_MX).`, EXIT.usage);
  checkSpeechLocales(locales); // LimitError: "Nothing was sent."
  return locales;
}

function speakerType(flag: string | undefined): SpeakerType {
  if (flag === undefined) return 'UNSPECIFIED';
  if (!(SPEAKER_TYPES as readonly string[]).includes(flag))
    throw new CliError(`--speaker must be one of ${SPEAKER_TYPES.join(', ')}.`, EXIT.usage);
  return flag as SpeakerType;
}

async function transcribe(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    locale: { type: 'string', multiple: true },
    speaker: { type: 'string' },
    json: { type: 'boolean' },
  });
  // Everything is checked before a token is asked for or a socket opened.
  const config = await cliConfig(values as ConnectionFlags);
  const locales = speechLocales(values.locale as string[] | undefined, config);
  const speaker = speakerType(values.speaker as string | undefined);
  const spec = await audioSpec('transcribe', values, positionals);

  const streams = [{ id: 'audio', speakerType: speaker }];
  const connection = await streamingConnection(config);
  const journal = await openJournal(
    config,
    values['no-journal'] !== true,
    'transcribe',
    streams.map((s) => s.id),
    { speechLocales: locales, streams },
  );
  const session = new TranscribeSession({
    ...connection,
    speechLocales: locales,
    streams,
    ...(journal ? { journal: journal.journal } : {}),
  });
  const send = (chunk: Int16Array): unknown => session.sendAudio('audio', chunk);
  await runJournaled(session, openAudioSource(spec), send, journal, () =>
    printTranscript(session.finalItems(), values.json === true),
  );
  return 0;
}

/** Prints a final transcript: `SPEAKER: text` lines, or one JSON object per line (also `scribe recover`). */
export function printTranscript(items: readonly FinalTranscriptItem[], json: boolean): void {
  for (const item of items) {
    out(
      json
        ? JSON.stringify({
            text: item.text,
            speaker_type: item.speaker_type,
            start_ms: item.start_offset_ms,
            end_ms: item.end_offset_ms,
          })
        : `${item.speaker_type}: ${item.text}`,
    );
  }
}

/** The `transcribe` command. */
export const transcribeCommand: CliCommand = {
  name: 'transcribe',
  usage:
    'transcribe <audio.wav | --mic [device]> [--locale L]... [--speaker DOCTOR|PATIENT|UNSPECIFIED] [--fast] [--json] [--no-journal]',
  run: transcribe,
};
