/**
 * The state machine both streaming sessions share (phases and their transition table: session-machine.ts):
 *
 *   idle → connecting → configuring → streaming → ending → closed | failed
 *   any live state → reconnecting → configuring → … (after a drop: backoff, token renewal on 401, CONFIG
 *   again, replay of the kept audio, same timeline); streaming → ending → paused → connecting (pause/resume).
 *
 * Zero loss: every chunk is kept (in the journal, memory bounded) until the service has acknowledged it AND
 * covered it with final text (transcription: final items; dictation: a clean close after END). The service
 * keeps nothing once a socket closes, so anything not yet covered is replayed on the next socket.
 */
import { KeptAudio } from './kept-audio.ts';
import { isLive } from './session-machine.ts';
import type { JournalCheckpoint, JournalStatus } from './session-journal.ts';
import { SessionLoop, type LoopHost } from './session-loop.ts';
import type { ConnectionStatus, SessionEvents, SessionOptions, SessionState } from './session-types.ts';
import { journalStatusWarning, journalWriteWarning } from './session-warnings.ts';
import type { ContentFrame, SocketRun } from './socket-run.ts';
import { StreamingError } from './streaming-error.ts';
import { TypedEmitter } from '../../base/async/typed-emitter.ts';
import type { StreamingEndpoint } from './ws-transport.ts';
export type { ConnectionStatus, SessionEvents, SessionOptions, SessionState } from './session-types.ts';

/** Unconfirmed chunks per stream that may still be on their way to disk while audio counts as safe (1 s). */
const JOURNAL_MAX_LAG_CHUNKS = 10;

/** Base of TranscribeSession and DictateSession; its goal/reconnect loop is session-loop.ts. */
export abstract class StreamingSession<E extends SessionEvents> extends TypedEmitter<E> {
  readonly audio: KeptAudio;
  readonly #loop: SessionLoop;
  #journalStatus: JournalStatus | 'none';
  readonly #options: SessionOptions;

  protected constructor(endpoint: StreamingEndpoint, streamCount: number, options: SessionOptions) {
    super();
    this.#options = options;
    this.audio = new KeptAudio(streamCount, {
      journal: options.journal,
      maxMemoryChunks: options.maxMemoryChunks,
      maxInFlightMs: options.maxInFlightMs,
      startIndex: options.startIndex,
    });
    this.#loop = new SessionLoop(this.#loopHost(), endpoint, options);
    this.#journalStatus = options.journal ? 'ok' : 'none';
    options.journal?.onStatus((status, error) => this.#onJournalStatus(status, error));
  }

  /** Current state. */
  get state(): SessionState {
    return this.#loop.machine.state;
  }

  /** The error that failed the session, if it failed. */
  get failure(): StreamingError | undefined {
    return this.#loop.failure;
  }

  /** Connection summary (also emitted as `connection`). */
  get connection(): ConnectionStatus {
    return {
      state: this.state,
      unconfirmedMs: this.audio.unconfirmedMs,
      // Not "every chunk written yet": that is false for a moment after every chunk, and the banner would
      // flicker. A write on its way to a healthy disk is as safe as this process is.
      allAudioSafe:
        this.audio.unconfirmedMs === 0 ||
        (this.#journalStatus === 'ok' && this.audio.journalKeepsUp(JOURNAL_MAX_LAG_CHUNKS)),
      journal: this.#journalStatus,
      attempt: this.#loop.attempt,
    };
  }

  /** Audio recorded but not yet covered by final text. */
  get unconfirmedMs(): number {
    return this.audio.unconfirmedMs;
  }

  /** Validates, then connects; resolves once streaming, rejects if the session fails first. */
  async start(): Promise<void> {
    if (this.state !== 'idle') throw new StreamingError('invalid_state', 'This session was already started.');
    this.validate();
    this.#loop.start();
    await this.#loop.machine.until((s) => s === 'streaming');
  }

  /**
   * Stops recording into the visit without losing anything: the rest is sent, END, and the service's close
   * confirms it all. Resolves when paused. Audio passed while paused is refused (sendAudio returns false).
   */
  async pause(): Promise<void> {
    this.#requireLive();
    this.#loop.setGoal('pause');
    await this.#loop.machine.until((s) => s === 'paused');
  }

  /** Continues a paused session on a new socket whose offsets start where the timeline stopped. */
  async resume(): Promise<void> {
    this.#requireLive();
    this.#loop.setGoal('stream');
    await this.#loop.machine.until((s) => s === 'streaming');
  }

  /** Sends what is left, END, waits for the service to close. Resolves when closed; rejects if it fails. */
  async end(): Promise<void> {
    if (this.state === 'idle') throw new StreamingError('invalid_state', 'This session was never started.');
    if (isLive(this.state)) this.#loop.setGoal('end');
    await this.#loop.done;
    if (this.failure) throw this.failure;
  }

  /** Stops at once. The journal keeps whatever was not covered (recoverable). Not an error. */
  abort(): void {
    if (this.state === 'closed' || this.state === 'failed') return;
    this.#loop.abort();
  }

  // ---- for subclasses ----

  /** Throws (e.g. LimitError) before anything is sent when the configuration is invalid. */
  protected abstract validate(): void;
  protected abstract configFrame(run: SocketRun): object;
  protected abstract readonly streamCount: number;
  /** A content frame arrived on `run`. */
  protected abstract onContent(frame: ContentFrame, run: SocketRun): void;
  /** The service's id of stream `stream` (none with one stream). */
  protected abstract streamIdOf(stream: number): string | undefined;
  /** Stream indexes an ack applies to (all streams when the ack names none). */
  protected abstract streamsForAck(streamId: string | undefined): number[];
  protected onSocketStarted(_run: SocketRun): void {}
  /** The service acknowledged more audio on `run`. */
  protected onAcked(_run: SocketRun): void {}
  protected onSocketDropped(_run: SocketRun): void {}
  protected onSocketClosedCleanly(_run: SocketRun): void {}

  /** Keeps and sends one chunk; false when the session does not take audio now (paused, ending, closed). */
  protected acceptAudio(stream: number, samples: Int16Array): boolean {
    if (this.#loop.goal !== 'stream' || !isLive(this.state)) return false;
    this.audio.append(
      stream,
      samples,
      () => this.#loop.pump(),
      (error) => this.emit('warning', journalWriteWarning(error)),
    );
    this.#loop.pump();
    this.#emitConnection();
    return true;
  }

  /** Releases chunks of `stream` before `index` that are acknowledged, and journals the new release point. */
  protected releaseBefore(stream: number, index: number): void {
    if (this.audio.releaseAcked(stream, index))
      this.checkpoint({ kind: 'released', stream, before: this.audio.releasedBefore(stream) });
    this.#emitConnection();
  }

  protected checkpoint(checkpoint: JournalCheckpoint): void {
    this.#options.journal?.checkpoint(checkpoint);
  }

  /** What the loop may see and call of this session: a narrow port, not the session itself. */
  #loopHost(): LoopHost {
    return {
      audio: this.audio,
      streamCount: () => this.streamCount,
      stateChanged: (state) => {
        this.emit('state', state);
        this.#emitConnection();
      },
      connectionChanged: () => this.#emitConnection(),
      warn: (warning) => this.emit('warning', warning),
      checkpoint: (checkpoint) => this.checkpoint(checkpoint),
      socketStarted: (run) => {
        this.onSocketStarted(run);
        return this.configFrame(run);
      },
      socketDropped: (run) => this.onSocketDropped(run),
      socketClosedCleanly: (run) => this.onSocketClosedCleanly(run),
      acked: (run) => this.onAcked(run),
      protocol: {
        streamIdOf: (stream) => this.streamIdOf(stream),
        streamsForAck: (streamId) => this.streamsForAck(streamId),
        onContent: (frame, run) => this.onContent(frame, run),
      },
    };
  }

  #requireLive(): void {
    if (!isLive(this.state)) throw new StreamingError('invalid_state', `The session is ${this.state}.`);
  }

  #emitConnection(): void {
    this.emit('connection', this.connection);
  }

  #onJournalStatus(status: JournalStatus, error: unknown): void {
    this.#journalStatus = status;
    const warning = journalStatusWarning(status, error);
    if (warning) this.emit('warning', warning);
    // Chunks held back for the journal may go now.
    this.#loop.pump();
    this.#emitConnection();
  }
}
