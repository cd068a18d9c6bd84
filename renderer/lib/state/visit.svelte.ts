/** The live visit: recording state, input levels and the transcript, fed by main's pushes. */
import type {
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
      api.onVisitState((state) => (this.#state = state)),
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
