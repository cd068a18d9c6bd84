/** The live visit: recording state, input levels and the transcript, fed by main's pushes. */
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
import { scribe, settle } from '../api.ts';
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
  /** Asked main to arm (not reactive: a timeout in main must not make the screen arm again by itself). */
  #armRequested = false;
  #armCalls: Promise<void> = Promise.resolve();
  #armedOnce = $state(false);
  #recoverable = $state.raw<RecoverableVisit[]>([]);
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
  get recording(): boolean {
    return ['starting', 'recording', 'paused', 'ending'].includes(this.#state.phase);
  }

  /** Subscribes to main's pushes and loads what is already there (e.g. after a reload). */
  async connect(): Promise<void> {
    const api = scribe();
    if (!api) return;
    this.#off = [
      api.onVisitState((state) => {
        // A visit that failed keeps its audio as an unfinished visit: offer it on this screen at once.
        if (state.phase === 'failed' && this.#state.phase !== 'failed') void this.loadRecoverable();
        this.#state = state;
      }),
      api.onVisitTranscript((batch) => this.transcript.apply(batch.items)),
      api.onVisitLevel((level) => (this.#levels = { ...this.#levels, [level.stream]: level.rms })),
    ];
    const [state, transcript] = await Promise.all([
      settle(() => api.visitState()),
      settle(() => api.visitTranscript()),
    ]);
    if (state.ok) this.#state = state.data;
    if (transcript.ok) this.transcript.reset(transcript.data.items);
  }

  disconnect(): void {
    for (const off of this.#off) off();
    this.#off = [];
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
   * Opens the chosen inputs before Start (main keeps only their last second; this screen gets levels).
   * A refusal (microphone blocked, patient input gone) is shown like any other error.
   */
  arm(request: ArmVisit): Promise<void> {
    this.#armRequested = true;
    return this.#inOrder(async () => {
      const result = await settle(() => scribe().visitArm(request));
      if (!result.ok) {
        this.#error = result.error;
        return;
      }
      this.#state = result.data;
      this.#armedOnce = result.data.armed === true;
    });
  }

  /** The last arm opened the inputs (so "armed: false" now means main closed them). */
  get armedOnce(): boolean {
    return this.#armedOnce;
  }

  /** Closes armed inputs; nothing to do when none were asked for. */
  disarm(): Promise<void> {
    if (!this.#armRequested) return this.#armCalls;
    this.#armRequested = false;
    this.#armedOnce = false;
    return this.#inOrder(async () => {
      const result = await settle(() => scribe().visitDisarm());
      if (result.ok) this.#state = result.data;
    });
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
    // Start took the armed inputs over. A refused Start may have left them open (refused before taking
    // them): the next untick or leaving the screen must still close them.
    if (started) this.#armRequested = false;
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

  async #run(call: () => Promise<IpcResult<VisitState>>): Promise<boolean> {
    this.#busy = true;
    this.#error = null;
    const result = await settle(call);
    this.#busy = false;
    if (!result.ok) {
      this.#error = result.error;
      return false;
    }
    this.#state = result.data;
    return true;
  }
}
