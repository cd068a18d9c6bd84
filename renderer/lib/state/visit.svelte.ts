/**
 * The live visit: recording state, input levels and the transcript, fed by main's pushes. Main owns the
 * state: commands answer only accepted or refused, and the state shown is always the last one main pushed.
 */
import type {
  ArmVisit,
  IpcError,
  IpcResult,
  Level,
  RecoverableVisit,
  StartVisit,
  VisitOptions,
  VisitState,
} from '../../../preload/contract/index.ts';
import {
  canEndVisit,
  canPauseVisit,
  canResumeVisit,
  isVisitActive,
} from '../../../preload/contract/visit-phase.ts';
import { scribe, settle } from '../api.ts';
import { ElapsedTicker } from './elapsed-ticker.ts';
import { TranscriptModel } from './transcript.svelte.ts';

const IDLE: VisitState = {
  phase: 'idle',
  connection: 'connected',
  nothingLost: true,
  sample: false,
  elapsedMs: 0,
  finalItems: 0,
  error: null,
};

/** Visit state for the Visit screen. */
export class VisitStore {
  readonly transcript = new TranscriptModel();
  #state = $state.raw<VisitState>(IDLE);
  #options = $state.raw<VisitOptions | null>(null);
  #levels = $state.raw<Record<Level['stream'], number>>({ clinician: 0, patient: 0, test: 0 });
  #error = $state.raw<IpcError | null>(null);
  #busy = $state(false);
  #armCalls: Promise<void> = Promise.resolve();
  #recoverable = $state.raw<RecoverableVisit[]>([]);
  #elapsedMs = $state(0);
  readonly #ticker = new ElapsedTicker((ms) => (this.#elapsedMs = ms));
  #off: Array<() => void> = [];
  readonly #onNewVisit: () => void;

  /**
   * `onNewVisit` runs when a visit starts, is discarded or is recovered: whatever was shown of the last
   * visit (its note, codes, instructions) must go, as main has already dropped it.
   */
  constructor(onNewVisit: () => void = () => undefined) {
    this.#onNewVisit = onNewVisit;
  }

  get state(): VisitState {
    return this.#state;
  }
  get options(): VisitOptions | null {
    return this.#options;
  }
  get levels(): Record<Level['stream'], number> {
    return this.#levels;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** Visits a crash or forced quit left unfinished on this computer. */
  get recoverable(): RecoverableVisit[] {
    return this.#recoverable;
  }
  /** A visit is under way (starting, recording, paused or ending). */
  get recording(): boolean {
    return isVisitActive(this.#state.phase);
  }
  /** Paused: Resume is the one way on (the phase allows it; a command in flight disables the button). */
  get paused(): boolean {
    return canResumeVisit(this.#state.phase);
  }
  /** Pause offered: recording, with no command in flight. */
  get canPause(): boolean {
    return !this.#busy && canPauseVisit(this.#state.phase);
  }
  /**
   * End offered: the phase allows it and no command is in flight, except while connecting (perhaps
   * offline), when End stops the visit even though Start has not answered yet.
   */
  get canEnd(): boolean {
    const phase = this.#state.phase;
    return canEndVisit(phase) && (!this.#busy || phase === 'starting');
  }
  /** The elapsed time to show: main's last figure, counted on locally while recording (not paused). */
  get elapsedMs(): number {
    return this.#elapsedMs;
  }
  /** The session streams to the service now (not paused): the screen says "Connected". */
  get streaming(): boolean {
    const phase = this.#state.phase;
    return isVisitActive(phase) && !canResumeVisit(phase) && this.#state.connection === 'connected';
  }
  /** A refused command's reason, unless the visit state already shows the same failure (a failed Start). */
  get shownError(): IpcError | null {
    return this.#error && this.#error.code === this.#state.error?.code ? null : this.#error;
  }

  /** Subscribes to main's pushes and loads what is already there (e.g. after a reload). */
  async connect(): Promise<void> {
    const api = scribe();
    if (!api) return;
    this.#off = [
      api.onVisitState((state) => {
        // A visit that failed keeps its audio as an unfinished visit: offer it on this screen at once.
        if (state.phase === 'failed' && this.#state.phase !== 'failed') void this.loadRecoverable();
        this.#show(state);
      }),
      api.onVisitTranscript((batch) => this.transcript.apply(batch.items)),
      api.onVisitLevel((level) => (this.#levels = { ...this.#levels, [level.stream]: level.rms })),
    ];
    const [state, transcript] = await Promise.all([
      settle(() => api.visitState()),
      settle(() => api.visitTranscript()),
    ]);
    if (state.ok) this.#show(state.data);
    if (transcript.ok) this.transcript.reset(transcript.data.items);
  }

  disconnect(): void {
    for (const off of this.#off) off();
    this.#off = [];
    this.#ticker.stop();
  }

  /** Shows the state main pushed; its elapsed time runs on between pushes while recording. */
  #show(state: VisitState): void {
    // Main put the visit aside (a sign-out, another clinician: issue 32): nothing of it stays on screen.
    if (state.phase === 'idle' && this.#state.phase !== 'idle') {
      this.transcript.reset();
      this.#onNewVisit();
      void this.loadRecoverable();
    }
    this.#state = state;
    this.#ticker.follow(state.elapsedMs, canPauseVisit(state.phase));
  }

  async loadOptions(): Promise<void> {
    const result = await settle(() => scribe().visitOptions());
    if (result.ok) this.#options = result.data;
    else this.#error = result.error;
  }

  async loadRecoverable(): Promise<void> {
    const result = await settle(() => scribe().visitRecoverable());
    if (result.ok) this.#recoverable = result.data.visits;
  }

  /** Sends an interrupted visit again; on success its whole transcript is shown as an ended visit. */
  async recover(id: string): Promise<boolean> {
    const done = await this.#run(() => scribe().visitRecover({ id }));
    if (!done) return false;
    this.#onNewVisit();
    const transcript = await settle(() => scribe().visitTranscript());
    if (transcript.ok) this.transcript.reset(transcript.data.items);
    this.#recoverable = this.#recoverable.filter((v) => v.id !== id);
    return true;
  }

  async forgetRecoverable(id: string): Promise<void> {
    this.#error = null;
    const result = await settle(() => scribe().visitForgetRecoverable({ id }));
    if (result.ok) this.#recoverable = result.data.visits;
    else this.#error = result.error;
  }

  /**
   * Asks main to open the chosen inputs before Start (main keeps only their last second; this screen gets
   * levels), or with null to close any it holds. Main decides and pushes `armed` (and `armExpired` when it
   * closed them by itself). A refusal (microphone blocked, patient input gone) is shown like any other error.
   */
  armFor(request: ArmVisit | null): Promise<void> {
    return request ? this.arm(request) : this.disarm();
  }

  arm(request: ArmVisit): Promise<void> {
    return this.#inOrder(async () => {
      const result = await settle(() => scribe().visitArm(request));
      if (!result.ok) this.#error = result.error;
    });
  }

  /** Closes armed inputs (nothing happens in main when none are open). */
  disarm(): Promise<void> {
    return this.#inOrder(async () => void (await settle(() => scribe().visitDisarm())));
  }

  /** Arm and disarm reach main one after the other (an untick never overtakes the tick's arm). */
  #inOrder(call: () => Promise<void>): Promise<void> {
    this.#armCalls = this.#armCalls.then(call);
    return this.#armCalls;
  }

  async start(request: StartVisit): Promise<boolean> {
    // Cleared before asking: the new visit's first lines may arrive before the answer does.
    this.transcript.reset();
    const started = await this.#run(() => scribe().visitStart(request));
    if (started) this.#onNewVisit();
    return started;
  }
  pause(): Promise<boolean> {
    return this.#run(() => scribe().visitPause());
  }
  resume(): Promise<boolean> {
    return this.#run(() => scribe().visitResume());
  }
  end(): Promise<boolean> {
    return this.#run(() => scribe().visitEnd());
  }
  async discard(): Promise<boolean> {
    const done = await this.#run(() => scribe().visitDiscard());
    if (done) {
      this.transcript.reset();
      this.#onNewVisit();
    }
    return done;
  }

  /** Runs a command; true when main accepted it (the state it led to arrives as a push). */
  async #run(call: () => Promise<IpcResult<unknown>>): Promise<boolean> {
    this.#busy = true;
    this.#error = null;
    const result = await settle(call);
    this.#busy = false;
    if (!result.ok) {
      this.#error = result.error;
      return false;
    }
    return true;
  }
}
