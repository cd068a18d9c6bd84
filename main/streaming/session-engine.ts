/**
 * The state machine both streaming sessions share:
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
import { sleep } from '../api/transport/retry.ts';
import { ReconnectBudget } from './reconnect-budget.ts';
import { KeptAudio } from './kept-audio.ts';
import type { JournalCheckpoint, JournalStatus } from './session-journal.ts';
import type { ConnectionStatus, SessionEvents, SessionOptions, SessionState } from './session-types.ts';
import { SocketRun, type ContentFrame, type SocketHost, type SocketOutcome } from './socket-run.ts';
import { isRetryable, StreamingError } from './streaming-error.ts';
import { TypedEmitter } from './typed-emitter.ts';
export type { ConnectionStatus, SessionEvents, SessionOptions, SessionState } from './session-types.ts';
import type { StreamingEndpoint } from './ws-transport.ts';
import { openAndRun } from './socket-open.ts';

/** Unconfirmed chunks per stream that may still be on their way to disk while audio counts as safe (1 s). */
const JOURNAL_MAX_LAG_CHUNKS = 10;

type Goal = 'stream' | 'pause' | 'end' | 'abort';

/** Base of TranscribeSession and DictateSession. */
export abstract class StreamingSession<E extends SessionEvents>
  extends TypedEmitter<E>
  implements SocketHost
{
  readonly audio: KeptAudio;
  #state: SessionState = 'idle';
  #goal: Goal = 'stream';
  #run: SocketRun | undefined;
  #socketCount = 0;
  readonly #budget: ReconnectBudget;
  #failure: StreamingError | undefined;
  #journalStatus: JournalStatus | 'none';
  #wake: (() => void) | undefined;
  /** Cuts the current backoff wait short (End during an outage tries at once, on its fresh budget). */
  #backoff: AbortController | undefined;
  readonly #abort = new AbortController();
  readonly #options: SessionOptions;
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
    this.#journalStatus = options.journal ? 'ok' : 'none';
    options.journal?.onStatus((status, error) => this.#onJournalStatus(status, error));
  }

  /** Current state. */
  get state(): SessionState {
    return this.#state;
  }

  /** The error that failed the session, if it failed. */
  get failure(): StreamingError | undefined {
    return this.#failure;
  }

  /** Connection summary (also emitted as `connection`). */
  get connection(): ConnectionStatus {
    return {
      state: this.#state,
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
    if (this.#state !== 'idle')
      throw new StreamingError('invalid_state', 'This session was already started.');
    this.validate();
    this.#done = this.#loop();
    await this.#until((s) => s === 'streaming');
  }

  /**
   * Stops recording into the visit without losing anything: the rest is sent, END, and the service's close
   * confirms it all. Resolves when paused. Audio passed while paused is refused (sendAudio returns false).
   */
  async pause(): Promise<void> {
    this.#requireLive();
    this.#setGoal('pause');
    await this.#until((s) => s === 'paused');
  }

  /** Continues a paused session on a new socket whose offsets start where the timeline stopped. */
  async resume(): Promise<void> {
    this.#requireLive();
    this.#setGoal('stream');
    await this.#until((s) => s === 'streaming');
  }

  /** Sends what is left, END, waits for the service to close. Resolves when closed; rejects if it fails. */
  async end(): Promise<void> {
    if (this.#state === 'idle') throw new StreamingError('invalid_state', 'This session was never started.');
    if (this.#state !== 'closed' && this.#state !== 'failed') this.#setGoal('end');
    await this.#done;
    if (this.#failure) throw this.#failure;
  }

  /** Stops at once. The journal keeps whatever was not covered (recoverable). Not an error. */
  abort(): void {
    if (this.#state === 'closed' || this.#state === 'failed') return;
    this.#setGoal('abort');
    this.#abort.abort();
    this.#run?.abort();
    if (this.#state === 'idle') this.#setState('closed');
  }

  // ---- for subclasses ----

  /** Throws (e.g. LimitError) before anything is sent when the configuration is invalid. */
  protected abstract validate(): void;
  protected abstract configFrame(run: SocketRun): object;
  abstract onContent(frame: ContentFrame, run: SocketRun): void;
  abstract streamIdOf(stream: number): string | undefined;
  abstract streamsForAck(streamId: string | undefined): number[];
  protected onSocketStarted(_run: SocketRun): void {}
  /** The service acknowledged more audio on `run`. */
  protected onAcked(_run: SocketRun): void {}
  protected onSocketDropped(_run: SocketRun): void {}
  protected onSocketClosedCleanly(_run: SocketRun): void {}

  /** Keeps and sends one chunk; false when the session does not take audio now (paused, ending, closed). */
  protected acceptAudio(stream: number, samples: Int16Array): boolean {
    if (
      this.#goal !== 'stream' ||
      this.#state === 'idle' ||
      this.#state === 'closed' ||
      this.#state === 'failed'
    )
      return false;
    this.audio.append(
      stream,
      samples,
      () => this.#run?.pump(),
      (error) =>
        this.emit(
          'warning',
          new StreamingError(
            'journal_failed',
            'Audio could not be written to the journal; it is kept in memory.',
            { cause: error },
          ),
        ),
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

  get wantsEnd(): boolean {
    return this.#goal === 'pause' || this.#goal === 'end';
  }

  onAckProgress(run: SocketRun): void {
    this.#budget.progressed();
    this.onAcked(run);
    this.#emitConnection();
  }

  onEndSent(): void {
    this.#setState('ending');
  }

  // ---- the loop ----

  async #loop(): Promise<void> {
    for (;;) {
      if (this.#goal === 'abort') return this.#setState('closed');
      if (this.audio.allReleased && this.#goal === 'end') {
        await this.#finishJournal();
        return this.#setState('closed');
      }
      if (this.audio.allReleased && this.#goal === 'pause') {
        this.#setState('paused');
        await new Promise<void>((resolve) => (this.#wake = resolve));
        continue;
      }
      if (this.#budget.attempt > 0) {
        this.#setState('reconnecting');
        const backoff = (this.#backoff = new AbortController());
        await sleep(this.#budget.delayMs(), AbortSignal.any([this.#abort.signal, backoff.signal])).catch(
          () => undefined,
        );
        this.#backoff = undefined;
        if ((this.#goal as Goal) === 'abort') continue;
      } else if (this.#state !== 'reconnecting') {
        this.#setState('connecting');
      }
      const { outcome, token } = await this.#openAndRun();
      const run = this.#run;
      this.#run = undefined;
      switch (outcome.kind) {
        case 'clean':
          this.#budget.progressed();
          this.audio.releaseAllSent();
          for (let s = 0; s < this.streamCount; s++) {
            this.#checkpoint({ kind: 'released', stream: s, before: this.audio.releasedBefore(s) });
          }
          if (run) this.onSocketClosedCleanly(run);
          break;
        case 'drop': {
          if (run) this.onSocketDropped(run);
          let error = outcome.error;
          if (error.code === 'unauthorized' && token !== undefined) {
            // 401 at the upgrade: renew, then reconnect (bounded and backed off, see ReconnectBudget).
            if (!this.#budget.mayRenew(token)) return this.#fail(error);
            const renewal = await this.#options.tokens.renew(token).then(
              () => undefined,
              (failure: unknown) => failure ?? new Error('renewal failed'),
            );
            if (renewal === undefined) {
              this.#setState(this.#socketCount > 0 ? 'reconnecting' : 'connecting');
              continue;
            }
            if (!isRetryable(renewal))
              return this.#fail(new StreamingError('unauthorized', 'The sign-in could not be renewed.'));
            // The sign-in service is out of reach (the same outage, most likely): retried like a drop.
            this.#budget.renewalUnreachable();
            error = new StreamingError('connection_lost', 'The sign-in could not be renewed yet.', {
              retryable: true,
            });
          }
          this.emit('warning', error);
          if (!this.#budget.dropped(error, outcome.progress, this.#goal === 'end'))
            return this.#fail(this.#budget.everOpened ? error : unreachable(error));
          this.#emitConnection();
          break;
        }
        case 'fatal':
          if (run) this.onSocketDropped(run);
          return this.#fail(outcome.error);
        case 'aborted':
          if (run) this.onSocketDropped(run);
          return this.#setState('closed');
        default:
          return assertNever(outcome);
      }
    }
  }

  /** Opens one socket, sends CONFIG and runs it to its end. */
  #openAndRun(): Promise<{ outcome: SocketOutcome; token?: string }> {
    return openAndRun({
      options: this.#options,
      endpoint: this.endpoint,
      aborted: () => this.#goal === 'abort',
      begin: () => {
        this.#setState('configuring');
        const first = this.audio.startSocket();
        const run = new SocketRun(++this.#socketCount, first * PROTOCOL.audio.chunkMs, this, {
          ackTimeoutMs: this.#options.ackTimeoutMs ?? 10_000,
          endTimeoutMs: this.#options.endTimeoutMs ?? 20_000,
        });
        this.#run = run;
        this.onSocketStarted(run);
        return { run, config: this.configFrame(run) };
      },
      configured: () => {
        this.#budget.opened();
        this.#setState(this.#goal === 'stream' ? 'streaming' : 'ending');
      },
    });
  }

  protected abstract readonly streamCount: number;

  #setGoal(goal: Goal): void {
    if (goal === 'end' && this.#goal !== 'end') {
      this.#budget.ending();
      this.#backoff?.abort();
    }
    this.#goal = goal;
    this.#run?.pump();
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #requireLive(): void {
    if (this.#state === 'idle' || this.#state === 'closed' || this.#state === 'failed') {
      throw new StreamingError('invalid_state', `The session is ${this.#state}.`);
    }
  }

  #until(reached: (state: SessionState) => boolean): Promise<void> {
    if (reached(this.#state)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.on('state', (state) => {
        if (reached(state)) resolve();
        else if (state === 'failed') reject(this.#failure);
        else if (state === 'closed') reject(new StreamingError('invalid_state', 'The session closed.'));
        else return;
        off();
      });
    });
  }

  #fail(error: StreamingError): void {
    this.#failure = error;
    this.#setState('failed');
  }

  #setState(state: SessionState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.emit('state', state);
    this.#emitConnection();
  }

  #emitConnection(): void {
    this.emit('connection', this.connection);
  }

  /**
   * Every chunk is covered by final text: the journal is marked finished. Its finish is bounded (a full disk
   * never keeps the session from ending); when it gave up, the session says the audio was not kept on disk.
   */
  async #finishJournal(): Promise<void> {
    const journal = this.#options.journal;
    if (!journal) return;
    try {
      await journal.finish();
    } catch (error) {
      if (error instanceof StreamingError && error.code === 'disk_full')
        this.emit(
          'warning',
          new StreamingError('disk_full', 'The disk is full: the audio could not be kept on disk.', {
            cause: error,
          }),
        );
    }
  }

  #checkpoint(checkpoint: JournalCheckpoint): void {
    this.#options.journal?.checkpoint(checkpoint);
  }

  #onJournalStatus(status: JournalStatus, error: unknown): void {
    this.#journalStatus = status;
    if (status === 'disk_full')
      this.emit(
        'warning',
        new StreamingError(
          'disk_full',
          'The disk is full: audio is kept in memory until it can be written.',
          { cause: error },
        ),
      );
    if (status === 'failed')
      this.emit(
        'warning',
        new StreamingError('journal_failed', 'The journal could not be written.', { cause: error }),
      );
    // Chunks held back for the journal may go now.
    this.#run?.pump();
    this.#emitConnection();
  }
}

/** The start budget is spent: one retryable reason ("try again"), unless the service kept sending errors. */
function unreachable(error: StreamingError): StreamingError {
  if (error.code === 'service_error') return error;
  return new StreamingError('connection_lost', 'The streaming service could not be reached.', {
    retryable: true,
    cause: error,
  });
}

function assertNever(value: never): never {
  throw new Error(`Unhandled outcome ${(value as { kind?: unknown }).kind as string}`);
}
