/**
 * The loop under a streaming session (streaming-session.ts): one turn per socket, or per wait while paused.
 * It owns what decides the next turn: the phase (SessionMachine), the goal the session's commands set
 * (stream, pause, end, abort), the reconnect budget, the socket in use and the failure. It reaches the
 * session only through LoopHost, and a SocketRun reaches it only through SocketHost: narrow ports, so none
 * of their callbacks is a public member of the session.
 */
import { PROTOCOL } from '../api/protocol.ts';
import { delay } from '../../base/async/delay.ts';
import { Emitter } from '../../base/async/emitter.ts';
import type { KeptAudio } from './kept-audio.ts';
import { ReconnectBudget } from './reconnect-budget.ts';
import { isLive, SessionMachine } from './session-machine.ts';
import type { JournalCheckpoint } from './session-journal.ts';
import type { SessionOptions, SessionState } from './session-types.ts';
import { finishJournal, unreachable } from './session-warnings.ts';
import { openAndRun } from './socket-open.ts';
import { SocketRun, type SocketHost, type SocketOutcome } from './socket-run.ts';
import { StreamingError } from './streaming-error.ts';
import { renewAfterUnauthorized } from './token-renewal.ts';
import type { StreamingEndpoint } from './ws-transport.ts';

/** What the session's commands ask of the loop. */
export type Goal = 'stream' | 'pause' | 'end' | 'abort';

/** What the loop may see and call of its session. */
export interface LoopHost {
  readonly audio: KeptAudio;
  streamCount(): number;
  stateChanged(state: SessionState): void;
  connectionChanged(): void;
  warn(warning: StreamingError): void;
  checkpoint(checkpoint: JournalCheckpoint): void;
  /** A socket is open: the session's per-socket set-up; returns its CONFIG frame. */
  socketStarted(run: SocketRun): object;
  socketDropped(run: SocketRun): void;
  socketClosedCleanly(run: SocketRun): void;
  /** The service acknowledged more audio on `run`. */
  acked(run: SocketRun): void;
  /** What the protocol-specific session tells a SocketRun. */
  readonly protocol: Pick<SocketHost, 'streamIdOf' | 'streamsForAck' | 'onContent'>;
}

/** The goal/reconnect loop of one session. */
export class SessionLoop {
  readonly machine: SessionMachine;
  #goal: Goal = 'stream';
  readonly #goalChanged = new Emitter<Goal>();
  #run: SocketRun | undefined;
  #socketCount = 0;
  readonly #budget: ReconnectBudget;
  #failure: StreamingError | undefined;
  /** Cuts the current backoff wait short (End during an outage tries at once, on its fresh budget). */
  #backoff: AbortController | undefined;
  readonly #abort = new AbortController();
  readonly #socketHost: SocketHost;
  #done: Promise<void> | undefined;

  constructor(
    private readonly host: LoopHost,
    private readonly endpoint: StreamingEndpoint,
    private readonly options: SessionOptions,
  ) {
    this.machine = new SessionMachine(
      (state) => host.stateChanged(state),
      () => this.#failure,
    );
    this.#budget = new ReconnectBudget(options.reconnect, options.random);
    this.#socketHost = this.#newSocketHost();
  }

  get goal(): Goal {
    return this.#goal;
  }

  get failure(): StreamingError | undefined {
    return this.#failure;
  }

  /** Reconnect attempts since the last progress. */
  get attempt(): number {
    return this.#budget.attempt;
  }

  /** Settles once the loop is over (undefined before start). */
  get done(): Promise<void> | undefined {
    return this.#done;
  }

  start(): void {
    this.#done = this.#loop().catch((bug: unknown) => this.#failOnBug(bug));
  }

  setGoal(goal: Goal): void {
    if (goal === 'end' && this.#goal !== 'end') {
      this.#budget.ending();
      this.#backoff?.abort();
    }
    this.#goal = goal;
    this.#run?.pump();
    this.#goalChanged.emit(goal);
  }

  /** Stops at once: the wait, the socket. */
  abort(): void {
    this.setGoal('abort');
    this.#abort.abort();
    this.#run?.abort();
    if (this.machine.state === 'idle') this.machine.to('closed');
  }

  /** Kept audio may be sent now (a new chunk, the journal caught up). */
  pump(): void {
    this.#run?.pump();
  }

  async #loop(): Promise<void> {
    while (await this.#turn());
  }

  /** One turn of the loop; false once the session is over. */
  async #turn(): Promise<boolean> {
    if (this.#goal === 'abort') return this.#close();
    if (this.host.audio.allReleased && this.#goal === 'end') {
      const warning = await finishJournal(this.options.journal);
      if (warning) this.host.warn(warning);
      return this.#close();
    }
    if (this.host.audio.allReleased && this.#goal === 'pause') {
      // Listening first: a state listener may resume at once, while 'paused' is being reported.
      const resumed = this.#nextGoal();
      this.machine.to('paused');
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
      if (this.machine.state !== 'reconnecting') this.machine.to('connecting');
      return true;
    }
    this.machine.to('reconnecting');
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
    if (run) this.host.socketDropped(run);
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
    // What the socket produced (a dictation's text) is journaled before the audio it came from is released:
    // a crash between the two records then keeps the audio, never releases it with its text unwritten.
    if (run) this.host.socketClosedCleanly(run);
    const { audio } = this.host;
    audio.releaseAllSent();
    for (let s = 0; s < this.host.streamCount(); s++)
      this.host.checkpoint({ kind: 'released', stream: s, before: audio.releasedBefore(s) });
  }

  /** A drop: renew on 401, then retry within the budget, or fail. */
  async #afterDrop(dropped: StreamingError, progress: boolean, token?: string): Promise<boolean> {
    let error = dropped;
    if (error.code === 'unauthorized' && token !== undefined) {
      const renewal = await renewAfterUnauthorized(this.#budget, this.options.tokens, token, error);
      if (renewal.kind === 'renewed') {
        this.machine.to(this.#socketCount > 0 ? 'reconnecting' : 'connecting');
        return true;
      }
      if (renewal.kind === 'fail') return this.#fail(renewal.error);
      error = renewal.error;
    }
    this.host.warn(error);
    if (!this.#budget.dropped(error, progress, this.#goal === 'end'))
      return this.#fail(this.#budget.everOpened ? error : unreachable(error));
    this.host.connectionChanged();
    return true;
  }

  /** Opens one socket, sends CONFIG and runs it to its end. */
  #openAndRun(): Promise<{ outcome: SocketOutcome; token?: string }> {
    return openAndRun({
      options: this.options,
      endpoint: this.endpoint,
      aborted: () => this.#goal === 'abort',
      begin: () => this.#beginSocket(),
      configured: () => {
        this.#budget.opened();
        // Streaming until END is actually sent (onEndSent), even when a pause or an end is already asked
        // for: a resume before then keeps this socket, which must not sit in 'ending' while it streams.
        this.machine.to('streaming');
      },
    });
  }

  #beginSocket(): { run: SocketRun; config: object } {
    this.machine.to('configuring');
    const first = this.host.audio.startSocket();
    const run = new SocketRun(++this.#socketCount, first * PROTOCOL.audio.chunkMs, this.#socketHost, {
      ackTimeoutMs: this.options.ackTimeoutMs ?? 10_000,
      endTimeoutMs: this.options.endTimeoutMs ?? 20_000,
    });
    this.#run = run;
    return { run, config: this.host.socketStarted(run) };
  }

  /** What a SocketRun may see and call of this session: a narrow port, not the session itself. */
  #newSocketHost(): SocketHost {
    const { protocol } = this.host;
    return {
      audio: this.host.audio,
      wantsEnd: () => this.#goal === 'pause' || this.#goal === 'end',
      streamIdOf: (stream) => protocol.streamIdOf(stream),
      streamsForAck: (streamId) => protocol.streamsForAck(streamId),
      onContent: (frame, run) => protocol.onContent(frame, run),
      onAckProgress: (run) => {
        this.#budget.progressed();
        this.host.acked(run);
        this.host.connectionChanged();
      },
      onEndSent: () => this.machine.to('ending'),
    };
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

  #close(): false {
    this.machine.to('closed');
    return false;
  }

  #fail(error: StreamingError): false {
    this.#failure = error;
    this.machine.to('failed');
    return false;
  }

  /** A bug in the loop (an impossible transition, say) fails the session rather than leaving it hanging. */
  #failOnBug(bug: unknown): void {
    if (!isLive(this.machine.state)) throw bug;
    this.#fail(
      new StreamingError('invalid_state', 'The session stopped on an internal error.', { cause: bug }),
    );
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled outcome ${(value as { kind?: unknown }).kind as string}`);
}
