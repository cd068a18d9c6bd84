/**
 * One socket's lifetime inside a session: CONFIG was sent by the session, then this object pumps kept audio
 * through the ack window, applies acks, watches for stalls (ack timeout, END timeout) and reports how the
 * socket ended. A new socket gets a new SocketRun: seq ids, ack positions and item ids are per socket.
 */
import { KNOWN_ERROR_CODES, knownErrorName, safeTraceId } from '../api/errors.ts';
import { audioChunkFrame, endFrame, parseServerFrame, type ServerFrame } from './frames.ts';
import type { KeptAudio } from './kept-audio.ts';
import { StreamingError } from './streaming-error.ts';
import type { SocketClosed, StreamSocket } from './ws-transport.ts';

/** Frames the protocol-specific session handles. */
export type ContentFrame = Extract<
  ServerFrame,
  { type: 'TRANSCRIPT_ITEM' | 'DICTATED_TEXT' | 'ASYNC_CORRECTION' }
>;

/** How a socket ended. */
export type SocketOutcome =
  | { kind: 'clean' }
  | { kind: 'drop'; error: StreamingError; progress: boolean }
  | { kind: 'fatal'; error: StreamingError }
  | { kind: 'aborted' };

/** What a SocketRun needs from its session. */
export interface SocketHost {
  readonly audio: KeptAudio;
  /** The session wants this socket ended (END once all kept audio is sent). */
  wantsEnd(): boolean;
  streamIdOf(stream: number): string | undefined;
  /** Stream indexes an ack applies to (all streams when the ack names none). */
  streamsForAck(streamId: string | undefined): number[];
  onContent(frame: ContentFrame, run: SocketRun): void;
  onAckProgress(run: SocketRun): void;
  onEndSent(run: SocketRun): void;
}

export interface SocketTimings {
  ackTimeoutMs: number;
  endTimeoutMs: number;
}

/** The lifetime of one socket. */
export class SocketRun {
  endSent = false;
  /** An ack arrived on this socket (resets the reconnect budget). */
  progress = false;
  #done = false;
  #socket: StreamSocket | undefined;
  #resolve!: (outcome: SocketOutcome) => void;
  #pumping = false;
  #pumpAgain = false;
  #lastAckProgressAt = Date.now();
  #watch: NodeJS.Timeout | undefined;
  #endTimer: NodeJS.Timeout | undefined;
  readonly outcome: Promise<SocketOutcome>;

  constructor(
    /** 1 for the first socket of the session, then 2, 3… */
    readonly no: number,
    /** Session-timeline time of this socket's offset 0. */
    readonly baseMs: number,
    private readonly host: SocketHost,
    private readonly timings: SocketTimings,
  ) {
    this.outcome = new Promise((resolve) => (this.#resolve = resolve));
  }

  get done(): boolean {
    return this.#done;
  }

  /** Starts pumping on an open socket whose CONFIG was sent. */
  attach(socket: StreamSocket): void {
    this.#socket = socket;
    const every = Math.max(20, Math.min(1_000, this.timings.ackTimeoutMs / 4));
    this.#watch = setInterval(() => this.#checkAcks(), every);
    this.pump();
  }

  /** Sends kept audio while the window has room; sends END when the session wants it and all is sent. */
  pump(): void {
    if (this.#done || !this.#socket) return;
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    // Most calls (an ack, a chunk still on its way to the journal) find nothing to send: no async loop then.
    if (!this.#hasWork()) return;
    this.#pumping = true;
    this.#pumpAgain = false;
    this.#pumpLoop()
      .catch((error: unknown) =>
        this.drop(
          new StreamingError('journal_failed', 'Kept audio could not be read back.', { cause: error }),
        ),
      )
      .finally(() => {
        this.#pumping = false;
        if (this.#pumpAgain) this.pump();
      });
  }

  /** A chunk may be sent now, or END is due (what #pumpLoop would do). */
  #hasWork(): boolean {
    if (this.endSent) return false;
    const audio = this.host.audio;
    return audio.nextToSend() !== undefined || (this.host.wantsEnd() && audio.allSent);
  }

  async #pumpLoop(): Promise<void> {
    const audio = this.host.audio;
    while (!this.#done && !this.endSent) {
      const next = audio.nextToSend();
      if (!next) break;
      const chunk = audio.chunk(next.stream, next.index);
      const samples = chunk instanceof Int16Array ? chunk : await chunk;
      if (this.#done || this.endSent) return;
      // Nothing was in flight: the ack clock starts now, not at the last ack.
      if (audio.inFlightChunks === 0) this.#lastAckProgressAt = Date.now();
      if (!this.#socket!.send(audioChunkFrame(next.seqId, samples, this.host.streamIdOf(next.stream)))) {
        this.drop(
          new StreamingError('connection_lost', 'The streaming connection closed while sending.', {
            retryable: true,
          }),
        );
        return;
      }
      audio.markSent(next.stream, next.index);
    }
    if (!this.#done && !this.endSent && this.host.wantsEnd() && audio.allSent) this.#sendEnd();
  }

  #sendEnd(): void {
    this.endSent = true;
    this.#socket!.send(endFrame());
    this.host.onEndSent(this);
    // A missing close after END counts as a drop: nothing since the last release is known to be final.
    this.#endTimer = setTimeout(
      () =>
        this.drop(
          new StreamingError('end_timeout', 'The service did not finish the stream in time.', {
            retryable: true,
          }),
        ),
      this.timings.endTimeoutMs,
    );
  }

  /** Handles one text frame. */
  onFrame(text: string): void {
    if (this.#done) return;
    const frame = parseServerFrame(text);
    switch (frame.type) {
      case 'AUDIO_CHUNK_ACK':
        this.#onAck(frame);
        return;
      case 'TRANSCRIPT_ITEM':
      case 'DICTATED_TEXT':
      case 'ASYNC_CORRECTION':
        this.host.onContent(frame, this);
        return;
      case 'ERROR_MESSAGE':
      case 'error':
      case 'ERROR':
        this.#onServiceError(frame);
        return;
      case 'ignored':
        return;
      default:
        return assertNever(frame);
    }
  }

  #onAck(frame: Extract<ServerFrame, { type: 'AUDIO_CHUNK_ACK' }>): void {
    let moved = false;
    for (const stream of this.host.streamsForAck(frame.stream_id))
      moved = this.host.audio.ack(stream, frame.ack_id) || moved;
    if (!moved) return;
    this.progress = true;
    this.#lastAckProgressAt = Date.now();
    this.host.onAckProgress(this);
    this.pump();
  }

  /** An error frame: retryable ones drop the socket (the audio is replayed), the others end the session. */
  #onServiceError(frame: Extract<ServerFrame, { type: 'ERROR_MESSAGE' | 'error' | 'ERROR' }>): void {
    const known = frame.code !== undefined ? KNOWN_ERROR_CODES[frame.code] : undefined;
    const error = new StreamingError(
      'service_error',
      `The service sent an error frame (${frame.code ?? 'no code'}).`,
      {
        serviceCode: frame.code,
        serviceName: knownErrorName(frame.name),
        traceId: safeTraceId(frame.trace_id),
        // Unknown codes are retried (a bounded number of times): the audio is still ours to replay.
        retryable: known ? known.retryable === true : true,
      },
    );
    if (error.retryable) this.drop(error);
    else this.#finish({ kind: 'fatal', error });
  }

  /** The transport reported the close. */
  onClose(closed: SocketClosed): void {
    if (this.#done) return;
    // After END the service's own normal close means "everything has arrived".
    if (this.endSent && closed.reason === 'peer' && (closed.code === 1000 || closed.code === 1005)) {
      this.#finish({ kind: 'clean' });
      return;
    }
    const message =
      closed.reason === 'ping_timeout'
        ? 'The streaming connection stopped answering.'
        : `The streaming connection dropped (close ${closed.code}).`;
    this.#finish({
      kind: 'drop',
      progress: this.progress,
      error: new StreamingError('connection_lost', message, { retryable: true }),
    });
  }

  /** Ends this socket as a drop (it is cut at once); the session reconnects and replays. */
  drop(error: StreamingError): void {
    if (this.#done) return;
    this.#finish({ kind: 'drop', error, progress: this.progress });
  }

  /** Ends this socket because the session was aborted. */
  abort(): void {
    this.#finish({ kind: 'aborted' });
  }

  #checkAcks(): void {
    if (this.host.audio.inFlightChunks === 0) return;
    if (Date.now() - this.#lastAckProgressAt > this.timings.ackTimeoutMs) {
      this.drop(
        new StreamingError('ack_timeout', 'The service stopped acknowledging audio.', { retryable: true }),
      );
    }
  }

  #finish(outcome: SocketOutcome): void {
    if (this.#done) return;
    this.#done = true;
    clearInterval(this.#watch);
    clearTimeout(this.#endTimer);
    if (outcome.kind !== 'clean') this.#socket?.terminate();
    this.#resolve(outcome);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled frame type ${(value as { type?: unknown }).type as string}`);
}
