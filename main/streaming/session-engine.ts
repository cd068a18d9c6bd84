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
import { PROTOCOL } from '../api/protocol.ts';
import { delay } from '../events/delay.ts';
import { Emitter } from '../events/emitter.ts';
import { KeptAudio } from './kept-audio.ts';
import { ReconnectBudget } from './reconnect-budget.ts';
import { isLive, SessionMachine } from './session-machine.ts';
import type { JournalCheckpoint, JournalStatus } from './session-journal.ts';
import type { ConnectionStatus, SessionEvents, SessionOptions, SessionState } from './session-types.ts';
import { finishJournal, journalStatusWarning, journalWriteWarning, unreachable } from './session-warnings.ts';
import { openAndRun } from './socket-open.ts';
import { SocketRun, type ContentFrame, type SocketHost, type SocketOutcome } from './socket-run.ts';
import { StreamingError } from './streaming-error.ts';
import { renewAfterUnauthorized } from './token-renewal.ts';
import { TypedEmitter } from '../events/typed-emitter.ts';
import type { StreamingEndpoint } from './ws-transport.ts';
export type { ConnectionStatus, SessionEvents, SessionOptions, SessionState } from './session-types.ts';

/** Unconfirmed chunks per stream that may still be on their way to disk while audio counts as safe (1 s). */
const JOURNAL_MAX_LAG_CHUNKS = 10;

type Goal = 'stream' | 'pause' | 'end' | 'abort';

/** Base of TranscribeSession and DictateSession. */
export abstract class StreamingSession<E extends SessionEvents> extends TypedEmitter<E> {
  readonly audio: KeptAudio;
  readonly #machine = new SessionMachine(
    (state) => {
      this.emit('state', state);
      this.#emitConnection();
    },
    () => this.#failure,
  );
  #goal: Goal = 'stream';
  readonly #goalChanged = new Emitter<Goal>();
  #run: SocketRun | undefined;
  #socketCount = 0;
  readonly #budget: ReconnectBudget;
  #failure: StreamingError | undefined;
  #journalStatus: JournalStatus | 'none';
  /** Cuts the current backoff wait short (End during an outage tries at once, on its fresh budget). */
  #backoff: AbortController | undefined;
  readonly #abort = new AbortController();
  readonly #options: SessionOptions;
  readonly #host: SocketHost;
  #done: Promise<void> | undefined;

  protected constructor(
    private readonly endpoint: StreamingEndpoint,
    streamCount: number,
    options: SessionOptions,
  ) {
    super();
    this.#options = options;
    this.#budget = new ReconnectBudget(options.reconnect, options.random);
    this.audio = new KeptAudio(streamCount, {
      journal: options.journal,
      maxMemoryChunks: options.maxMemoryChunks,
      maxInFlightMs: options.maxInFlightMs,
      startIndex: options.startIndex,
    });
    this.#host = this.#socketHost();
    this.#journalStatus = options.journal ? 'ok' : 'none';
    options.journal?.onStatus((status, error) => this.#onJournalStatus(status, error));
  }

  /** Current state. */
  get state(): SessionState {
    return this.#machine.state;
  }

  /** The error that failed the session, if it failed. */
  get failure(): StreamingError | undefined {
    return this.#failure;
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
      attempt: this.#budget.attempt,
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
    this.#done = this.#loop().catch((bug: unknown) => this.#failOnBug(bug));
    await this.#machine.until((s) => s === 'streaming');
  }

  /**
   * Stops recording into the visit without losing anything: the rest is sent, END, and the service's close
   * confirms it all. Resolves when paused. Audio passed while paused is refused (sendAudio returns false).
   */
  async pause(): Promise<void> {
    this.#requireLive();
    this.#setGoal('pause');
    await this.#machine.until((s) => s === 'paused');
  }

  /** Continues a paused session on a new socket whose offsets start where the timeline stopped. */
  async resume(): Promise<void> {
    this.#requireLive();
    this.#setGoal('stream');
    await this.#machine.until((s) => s === 'streaming');
  }

  /** Sends what is left, END, waits for the service to close. Resolves when closed; rejects if it fails. */
  async end(): Promise<void> {
    if (this.state === 'idle') throw new StreamingError('invalid_state', 'This session was never started.');
    if (isLive(this.state)) this.#setGoal('end');
    await this.#done;
    if (this.#failure) throw this.#failure;
  }

  /** Stops at once. The journal keeps whatever was not covered (recoverable). Not an error. */
  abort(): void {
    if (this.state === 'closed' || this.state === 'failed') return;
    this.#setGoal('abort');
    this.#abort.abort();
    this.#run?.abort();
    if (this.state === 'idle') this.#machine.to('closed');
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
    if (this.#goal !== 'stream' || !isLive(this.state)) return false;
    this.audio.append(
      stream,
      samples,
      () => this.#run?.pump(),
      (error) => this.emit('warning', journalWriteWarning(error)),
    );
    this.#run?.pump();
    this.#emitConnection();
    return true;
  }

  /** Releases chunks of `stream` before `index` that are acknowledged, and journals the new release point. */
  protected releaseBefore(stream: number, index: number): void {
    if (this.audio.releaseAcked(stream, index))
      this.#checkpoint({ kind: 'released', stream, before: this.audio.releasedBefore(stream) });
    this.#emitConnection();
  }

  protected checkpoint(checkpoint: JournalCheckpoint): void {
    this.#checkpoint(checkpoint);
  }

  // ---- the loop: one turn per socket, or per wait while paused ----

  async #loop(): Promise<void> {
    while (await this.#turn());
  }

  /** One turn of the loop; false once the session is over. */
  async #turn(): Promise<boolean> {
    if (this.#goal === 'abort') return this.#close();
    if (this.audio.allReleased && this.#goal === 'end') {
      const warning = await finishJournal(this.#options.journal);
      if (warning) this.emit('warning', warning);
      return this.#close();
    }
    if (this.audio.allReleased && this.#goal === 'pause') {
      // Listening first: a state listener may resume at once, while 'paused' is being reported.
      const resumed = this.#nextGoal();
      this.#machine.to('paused');
      await resumed;
      return true;
    }
    if (!(await this.#beforeAttempt())) return true;
    const { outcome, token } = await this.#openAndRun();
    const run = this.#run;
    this.#run = undefined;
    return this.#afterSocket(outcome, run, token);
  }

  /** Connecting, or reconnecting after its backoff; false when an abort came during the wait. */
  async #beforeAttempt(): Promise<boolean> {
    if (this.#budget.attempt === 0) {
      if (this.state !== 'reconnecting') this.#machine.to('connecting');
      return true;
    }
    this.#machine.to('reconnecting');
    const backoff = (this.#backoff = new AbortController());
    await delay(this.#budget.delayMs(), AbortSignal.any([this.#abort.signal, backoff.signal]));
    this.#backoff = undefined;
    return this.#goal !== 'abort';
  }

  /** How the socket ended decides the next turn; false once the session is over. */
  async #afterSocket(outcome: SocketOutcome, run: SocketRun | undefined, token?: string): Promise<boolean> {
    if (outcome.kind === 'clean') {
      this.#closedCleanly(run);
      return true;
    }
    if (run) this.onSocketDropped(run);
    switch (outcome.kind) {
      case 'drop':
        return this.#afterDrop(outcome.error, outcome.progress, token);
      case 'fatal':
        return this.#fail(outcome.error);
      case 'aborted':
        return this.#close();
      default:
        return assertNever(outcome);
    }
  }

  #closedCleanly(run: SocketRun | undefined): void {
    this.#budget.progressed();
    this.audio.releaseAllSent();
    for (let s = 0; s < this.streamCount; s++)
      this.#checkpoint({ kind: 'released', stream: s, before: this.audio.releasedBefore(s) });
    if (run) this.onSocketClosedCleanly(run);
  }

  /** A drop: renew on 401, then retry within the budget, or fail. */
  async #afterDrop(dropped: StreamingError, progress: boolean, token?: string): Promise<boolean> {
    let error = dropped;
    if (error.code === 'unauthorized' && token !== undefined) {
      const renewal = await renewAfterUnauthorized(this.#budget, this.#options.tokens, token, error);
      if (renewal.kind === 'renewed') {
        this.#machine.to(this.#socketCount > 0 ? 'reconnecting' : 'connecting');
        return true;
      }
      if (renewal.kind === 'fail') return this.#fail(renewal.error);
      error = renewal.error;
    }
    this.emit('warning', error);
    if (!this.#budget.dropped(error, progress, this.#goal === 'end'))
      return this.#fail(this.#budget.everOpened ? error : unreachable(error));
    this.#emitConnection();
    return true;
  }

  /** Opens one socket, sends CONFIG and runs it to its end. */
  #openAndRun(): Promise<{ outcome: SocketOutcome; token?: string }> {
    return openAndRun({
      options: this.#options,
      endpoint: this.endpoint,
      aborted: () => this.#goal === 'abort',
      begin: () => this.#beginSocket(),
      configured: () => {
        this.#budget.opened();
        this.#machine.to(this.#goal === 'stream' ? 'streaming' : 'ending');
      },
    });
  }

  #beginSocket(): { run: SocketRun; config: object } {
    this.#machine.to('configuring');
    const first = this.audio.startSocket();
    const run = new SocketRun(++this.#socketCount, first * PROTOCOL.audio.chunkMs, this.#host, {
      ackTimeoutMs: this.#options.ackTimeoutMs ?? 10_000,
      endTimeoutMs: this.#options.endTimeoutMs ?? 20_000,
    });
    this.#run = run;
    this.onSocketStarted(run);
    return { run, config: this.configFrame(run) };
  }

  /** What a SocketRun may see and call of this session: a narrow port, not the session itself. */
  #socketHost(): SocketHost {
    return {
      audio: this.audio,
      wantsEnd: () => this.#goal === 'pause' || this.#goal === 'end',
      streamIdOf: (stream) => this.streamIdOf(stream),
      streamsForAck: (streamId) => this.streamsForAck(streamId),
      onContent: (frame, run) => this.onContent(frame, run),
      onAckProgress: (run) => {
        this.#budget.progressed();
        this.onAcked(run);
        this.#emitConnection();
      },
      onEndSent: () => this.#machine.to('ending'),
    };
  }

  // ---- goals and states ----

  #setGoal(goal: Goal): void {
    if (goal === 'end' && this.#goal !== 'end') {
      this.#budget.ending();
      this.#backoff?.abort();
    }
    this.#goal = goal;
    this.#run?.pump();
    this.#goalChanged.emit(goal);
  }

  /** Resolves at the next pause/resume/end/abort. */
  #nextGoal(): Promise<void> {
    return new Promise((resolve) => {
      const off = this.#goalChanged.on(() => {
        off();
        resolve();
      });
    });
  }

  #requireLive(): void {
    if (!isLive(this.state)) throw new StreamingError('invalid_state', `The session is ${this.state}.`);
  }

  #close(): false {
    this.#machine.to('closed');
    return false;
  }

  #fail(error: StreamingError): false {
    this.#failure = error;
    this.#machine.to('failed');
    return false;
  }

  /** A bug in the loop (an impossible transition, say) fails the session rather than leaving it hanging. */
  #failOnBug(bug: unknown): void {
    if (!isLive(this.state)) throw bug;
    this.#fail(
      new StreamingError('invalid_state', 'The session stopped on an internal error.', { cause: bug }),
    );
  }

  #emitConnection(): void {
    this.emit('connection', this.connection);
  }

  // ---- the journal ----

  #checkpoint(checkpoint: JournalCheckpoint): void {
    this.#options.journal?.checkpoint(checkpoint);
  }

  #onJournalStatus(status: JournalStatus, error: unknown): void {
    this.#journalStatus = status;
    const warning = journalStatusWarning(status, error);
    if (warning) this.emit('warning', warning);
    // Chunks held back for the journal may go now.
    this.#run?.pump();
    this.#emitConnection();
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled outcome ${(value as { kind?: unknown }).kind as string}`);
}
