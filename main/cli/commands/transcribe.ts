/**
 * `scribe transcribe <audio.wav | --mic [device]>`: ambient transcription over /transcribe-ws with the
 * same session the app uses (reconnects, replay, one timeline). Prints the final transcript in time order.
 * Also home of what `scribe dictate` shares: argument parsing, the audio source, the pump and Ctrl+C.
 */
import { open } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkSpeechLocales } from '../../api/limits.ts';
import { SPEAKER_TYPES, SPEECH_LOCALES, type SpeakerType } from '../../api/schemas/common.ts';
import { AudioError, chunkFrames, openAudioSource, type AudioSource, type AudioSourceSpec } from '../../audio/index.ts';
import { parseWavHeader } from '../../audio/wav.ts';
import type { Config } from '../../config/config-schema.ts';
import type { StreamingSession, SessionEvents } from '../../streaming/session-engine.ts';
import { StreamingError } from '../../streaming/streaming-error.ts';
import { TranscribeSession } from '../../streaming/transcribe-session.ts';
import { CONNECTION_FLAGS, cliConfig, connect, type ConnectionFlags } from '../connect.ts';
import { CliError, EXIT, oneLine, out } from '../io.ts';
import type { CliCommand } from './registry.ts';

/** Flags both streaming commands take for their audio. */
export const AUDIO_FLAGS = {
  mic: { type: 'boolean' },
  fast: { type: 'boolean' },
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
  if (positionals.length > 1) throw new CliError(`${command}: give one audio file or --mic [device].`, EXIT.usage);
  const [operand] = positionals;
  if (values.mic) return operand === undefined ? { kind: 'microphone' } : { kind: 'microphone', device: operand };
  if (operand === undefined) throw new CliError(`${command}: give an audio file or --mic [device].`, EXIT.usage);
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
  const { http, session } = await connect(config);
  return { baseUrl: http.baseUrl, tokens: session.active, apiVersion: config.apiVersion };
}

/**
 * Pumps a source into a started session in 100 ms chunks until the source ends (a file) or Ctrl+C (the
 * first SIGINT stops the audio and ends gracefully; a second one abandons the session). Then ends the
 * session: everything sent is confirmed by the service before this resolves.
 */
export async function runSession<E extends SessionEvents>(
  session: StreamingSession<E>,
  source: AudioSource,
  send: (chunk: Int16Array) => void,
): Promise<void> {
  let interrupted = 0;
  const onSigint = (): void => {
    interrupted++;
    if (interrupted === 1) void source.stop();
    else {
      session.abort();
      process.exit(130);
    }
  };
  process.on('SIGINT', onSigint);
  const offFailed = session.on('state', (state) => {
    if (state === 'failed') void source.stop();
  });
  const offNotice = source.onDidNotice?.((notice) =>
    process.stderr.write(`scribe: note: microphone unavailable (${notice.reason}); using "${notice.device}".\n`),
  );
  try {
    await session.start();
    try {
      for await (const chunk of chunkFrames(source.frames())) {
        if (session.state === 'failed') break;
        send(chunk);
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

  const session = new TranscribeSession({
    ...(await streamingConnection(config)),
    speechLocales: locales,
    streams: [{ id: 'audio', speakerType: speaker }],
  });
  await runSession(session, openAudioSource(spec), (chunk) => session.sendAudio('audio', chunk));
  for (const item of session.finalItems()) {
    out(
      values.json
        ? JSON.stringify({
            text: item.text,
            speaker_type: item.speaker_type,
            start_ms: item.start_offset_ms,
            end_ms: item.end_offset_ms,
          })
        : `${item.speaker_type}: ${item.text}`,
    );
  }
  return 0;
}

/** The `transcribe` command. */
export const transcribeCommand: CliCommand = {
  name: 'transcribe',
  usage:
    'transcribe <audio.wav | --mic [device]> [--locale L]... [--speaker DOCTOR|PATIENT|UNSPECIFIED] [--fast] [--json]',
  run: transcribe,
};
