/**
 * What the streaming commands share (`scribe transcribe`, `scribe dictate`, `scribe recover`): argument
 * parsing, the audio source checked before anything connects, the connection's token source, failures as
 * one line, and dictation's pump with Ctrl+C (a visit's goes through main/features/visit/headless-visit.ts).
 */
import { open } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { AudioError, type AudioSource, type AudioSourceSpec } from '../../core/audio/index.ts';
import { AudioCapture } from '../../core/audio/capture.ts';
import { parseWavHeader } from '../../core/audio/wav.ts';
import type { Config } from '../../core/config/config-schema.ts';
import type { StreamingSession, SessionEvents } from '../../core/streaming/streaming-session.ts';
import { StreamingError } from '../../core/streaming/streaming-error.ts';
import { CONNECTION_FLAGS, connect, diskFullWarning, type CliJournal } from './connect.ts';
import { CliError, EXIT, usageError } from './io.ts';
import { words } from '../../../preload/words/index.ts';

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
    throw usageError(error);
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
  if (positionals.length > 1) throw new CliError(words().cli.audio.oneSource(command), EXIT.usage);
  const [operand] = positionals;
  if (values.mic)
    return operand === undefined ? { kind: 'microphone' } : { kind: 'microphone', device: operand };
  if (operand === undefined) throw new CliError(words().cli.audio.noSource(command), EXIT.usage);
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
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new CliError(words().cli.audio.unreadable(code), EXIT.usage);
  }
  try {
    parseWavHeader(head);
  } catch {
    throw new CliError(words().cli.audio.notWav, EXIT.usage);
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
    process.stderr.write(`${diskFullWarning()}\n`);
  });
  try {
    await runSession(session, source, send);
  } catch (error) {
    if (cli && session.audio.nextIndex(0) > 0 && error instanceof CliError)
      throw new CliError(`${error.message} ${words().cli.audioKept}`, error.exitCode);
    await cli?.store.shred(cli.journal.id).catch(() => undefined);
    throw error;
  } finally {
    offWarning();
  }
  await print();
  await cli?.store.shred(cli.journal.id).catch(() => undefined);
}

/**
 * Ctrl+C while streaming: the first SIGINT calls `stop` (the audio stops and the session ends gracefully);
 * a second one calls `abort` and exits 130 (the session stays in the journal). Returns the remover.
 */
export function onInterrupt(stop: () => unknown, abort: () => unknown): () => void {
  let interrupted = false;
  const onSigint = (): void => {
    if (!interrupted) {
      interrupted = true;
      void stop();
    } else {
      void abort();
      process.exit(130);
    }
  };
  process.on('SIGINT', onSigint);
  return () => void process.off('SIGINT', onSigint);
}

/** The note the CLI writes when the chosen microphone is replaced by the default. */
export function watchNotices(source: AudioSource): () => void {
  return (
    source.onDidNotice?.((notice) =>
      process.stderr.write(`scribe: ${words().cli.audio.micReplaced(notice.reason, notice.device)}\n`),
    ) ?? (() => undefined)
  );
}

/**
 * Captures the source (AudioCapture: the device opens now), then opens the session and pumps 100 ms chunks
 * until the source ends or Ctrl+C (see onInterrupt). Then ends the session: everything sent is confirmed
 * by the service before this resolves.
 *
 * The audio is opened before the socket because a microphone may take seconds to deliver its first frame
 * (device start-up, the OS permission prompt), and the service fails a socket that gets no audio for 10 s.
 */
async function runSession<E extends SessionEvents>(
  session: StreamingSession<E>,
  source: AudioSource,
  send: (chunk: Int16Array) => void,
): Promise<void> {
  const offs = [
    onInterrupt(
      () => source.stop(),
      () => session.abort(),
    ),
    session.on('state', (state) => {
      if (state === 'failed') void source.stop();
    }),
    watchNotices(source),
  ];
  try {
    await pump(session, new AudioCapture(source).start(), send);
  } catch (error) {
    throw streamingFailure(error);
  } finally {
    for (const off of offs) off();
    await source.stop();
  }
}

async function pump<E extends SessionEvents>(
  session: StreamingSession<E>,
  captured: AsyncIterable<Int16Array>,
  send: (chunk: Int16Array) => void,
): Promise<void> {
  const chunks = captured[Symbol.asyncIterator]();
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
}

/**
 * Streaming and audio failures as one CLI line, worded from their codes (and the service's code or the
 * upgrade's status), then the codes for IT; never from `error.message` (a developer's English).
 */
export function streamingFailure(error: unknown): unknown {
  const cli = words().cli;
  if (error instanceof StreamingError) {
    const exit = error.status !== undefined || error.serviceCode !== undefined ? EXIT.service : EXIT.failure;
    const said = cli.streamFailure(error.code, error.status, error.serviceCode);
    return new CliError(`${said} ${cli.audio.codes(error.code, error.serviceCode)}`, exit);
  }
  if (error instanceof AudioError) {
    const exit = error.code.startsWith('file_') ? EXIT.usage : EXIT.failure;
    return new CliError(`${cli.audioFailure(error.code)} ${cli.audio.codes(error.code, undefined)}`, exit);
  }
  return error;
}
