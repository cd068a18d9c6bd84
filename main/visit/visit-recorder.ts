/**
 * The recording half of a visit: idle → starting → recording ⇄ paused → ending → ended | failed. It opens
 * the audio inputs first (VisitInputs: capture starts before the connection, so nothing said right after
 * Start is lost), starts the live session, keeps the transcript and pushes state, level and transcript
 * batches to the renderer. The sample visit runs the bundled recording through exactly the same path.
 */
import {
  ERROR_TEXT,
  type ErrorCode,
  type EventName,
  type EventPayload,
  type StartVisit,
  type VisitState,
} from '../../preload/contract/index.ts';
import type { LiveHealth, LiveItem, LiveSession, LiveTranscriber } from './ports.ts';
import { TranscriptStore } from './transcript-store.ts';
import { ArmedInputs } from './armed-inputs.ts';
import { Failure } from '../ipc/failure.ts';
import { VisitInputs, type VisitAudio } from './visit-inputs.ts';

export type { VisitAudio } from './visit-inputs.ts';

/** Typed push to the renderer. */
export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

const TRANSCRIPT_PUSH_MS = 150;

export { ARM_TIMEOUT_MS } from './armed-inputs.ts';

/** One visit's recording, transcript and live state. */
export class VisitRecorder {
  readonly #emit: EmitEvent;
  readonly #now: () => number;
  readonly transcript = new TranscriptStore();
  #state: VisitState = initialState(false);
  #session: LiveSession | null = null;
  /** The last session (or recovered journal), kept after it ended so it can be shredded on discard. */
  #last: Pick<LiveSession, 'forget'> | null = null;
  #inputs: VisitInputs | null = null;
  /** Inputs opened before Start (the pre-roll). */
  readonly #armed = new ArmedInputs();
  #startedAt = 0;
  #pausedAt: number | null = null;
  #pausedTotal = 0;
  #timer: ReturnType<typeof setInterval> | null = null;
  #unsubscribe: Array<() => void> = [];
  #endedWhileStarting: (() => void) | null = null;
  /** Every audio stream ended before the session streamed (a short or fast recording). */
  #audioEndedWhileStarting: { code: ErrorCode | null } | null = null;
  /** End while connecting: start() answers with the visit as End left it. */
  #abandoning: Promise<VisitState> | null = null;
  /** Why the session failed while connecting (reported before its start rejects). */
  #startFailure: ErrorCode | null = null;

  constructor(emit: EmitEvent, now: () => number = Date.now) {
    this.#emit = emit;
    this.#now = now;
  }

  /** The current state (elapsed time computed now). */
  get state(): VisitState {
    return { ...this.#state, elapsedMs: this.#elapsed(), finalItems: this.transcript.finalCount };
  }

  get active(): boolean {
    return ['starting', 'recording', 'paused', 'ending'].includes(this.#state.phase);
  }

  /**
   * Opens the inputs before Start, keeping only their pre-roll (in memory, never sent or journaled; the
   * renderer gets levels only). `key` names what they were opened for; Start uses them only for the same.
   */
  async arm(audio: VisitAudio & { kind: 'devices' }, key: string): Promise<VisitState> {
    if (this.active) throw new Failure('visit_in_progress');
    const closed = this.#armed.hold(this.#open(audio, true), key, () => void this.disarm());
    this.#set({ armed: true, inputWarnings: [] });
    await closed;
    return this.state;
  }

  /** Armed for `key`, with every chosen device still delivering (see ArmedInputs.usableFor). */
  armedFor(key: string): boolean {
    return this.#armed.usableFor(key);
  }

  /** Closes armed inputs and drops their pre-roll. */
  async disarm(): Promise<VisitState> {
    const armed = this.#armed.take();
    if (armed) {
      await armed.close();
      if (!this.active) this.#set({ armed: false, inputWarnings: [] });
    }
    return this.state;
  }

  /**
   * Starts recording, on new inputs or on the armed ones (`'armed'`: their pre-roll is the visit's first
   * audio). Locales were validated by the caller.
   */
  async start(
    request: Pick<StartVisit, 'locales'>,
    audio: VisitAudio | 'armed',
    transcriber: LiveTranscriber,
  ): Promise<VisitState> {
    if (this.active) throw new Failure('visit_in_progress');
    this.#abandoning = null;
    this.#startFailure = null;
    this.#audioEndedWhileStarting = null;
    const armed = this.#armed.take();
    if (audio === 'armed' && !armed) throw new Failure('mic_unavailable');
    // The microphones open (or the armed ones go live) first: the person may talk the moment they press Start.
    const inputs = audio === 'armed' ? armed! : this.#open(audio, false);
    inputs.start();
    this.#state = {
      ...initialState(audio !== 'armed' && audio.kind === 'sample'),
      phase: 'starting',
      inputWarnings: [...inputs.warnings],
    };
    this.#inputs = inputs;
    this.#pushState();
    if (audio !== 'armed') await armed?.close(); // armed for other inputs: not used
    // A new visit: the previous one's journal is no longer needed (one that did not finish cleanly was
    // kept for recovery and is not #last any more).
    await this.#last?.forget().catch(() => undefined);
    this.#last = null;
    this.transcript.clear();
    let session: LiveSession;
    try {
      session = await transcriber.start({ locales: request.locales, streams: inputs.streams });
    } catch (error) {
      await this.#stopInputs();
      // A local failure (the keychain, the journal folder) says what it is; anything else is the service.
      this.#fail(error instanceof Failure ? error.code : 'service_unreachable');
      throw error;
    }
    // Attached at once: the Visit screen shows the connection (reconnecting while the service cannot be
    // reached) and End works while the session is still trying.
    this.#attach(session);
    if (this.#state.phase !== 'starting') return this.#abandon(session); // End came meanwhile
    // End while connecting settles the visit at once, whatever the session does with its start.
    const ended = new Promise<void>((resolve) => (this.#endedWhileStarting = resolve));
    try {
      await Promise.race([session.started, ended]);
      this.#endedWhileStarting = null;
    } catch {
      if (this.#session !== session) return (await this.#abandoning) ?? this.state; // End came meanwhile
      await this.#abandon(session);
      throw new Failure(this.#state.error!.code as ErrorCode);
    }
    if (this.#session !== session) return (await this.#abandoning) ?? this.state; // End came meanwhile
    this.#startedAt = this.#now();
    this.#pausedTotal = 0;
    this.#pausedAt = null;
    // What the session last said about the audio stands (a full disk keeps it from being safe on disk).
    this.#set({ phase: 'recording', connection: 'connected' });
    this.#timer = setInterval(() => this.#flush(), TRANSCRIPT_PUSH_MS);
    // Set by the audio-end listener meanwhile (TypeScript still narrows it to the null set above).
    const ranOut = this.#audioEndedWhileStarting as { code: ErrorCode | null } | null;
    this.#audioEndedWhileStarting = null;
    if (ranOut) this.#endOnAudioEnd(ranOut.code);
    return this.state;
  }

  /**
   * The session never streamed (the service could not be reached, or End came first): stop the audio and
   * the session; what was recorded stays in its journal, offered for recovery, never shredded.
   */
  async #abandon(session: LiveSession): Promise<VisitState> {
    this.#endedWhileStarting?.();
    this.#endedWhileStarting = null;
    this.#detach();
    await this.#stopInputs();
    await session.abort().catch(() => undefined);
    // A refused sign-in or a full disk says so; anything else while connecting is the service out of reach.
    const failure = this.#startFailure;
    const code =
      failure === 'auth_failed' || failure === 'permission_denied' || failure === 'disk_full'
        ? failure
        : 'service_unreachable';
    const kept = this.#keep(session);
    this.#fail(kept && code === 'service_unreachable' ? 'service_unreachable_kept' : code);
    return this.state;
  }

  /** The session did not finish cleanly: its journal is kept for recovery (see LiveSession.keep). */
  #keep(session: LiveSession): boolean {
    if (this.#last === session) this.#last = null;
    return session.keep();
  }

  /** Pauses: the taps go silent at once, then the session confirms everything sent before the pause. */
  async pause(): Promise<VisitState> {
    if (this.#state.phase !== 'recording') throw new Failure('visit_not_active');
    this.#inputs?.setPaused(true);
    this.#pausedAt = this.#now();
    this.#set({ phase: 'paused' });
    await this.#session?.pause();
    return this.state;
  }

  async resume(): Promise<VisitState> {
    if (this.#state.phase !== 'paused') throw new Failure('visit_not_active');
    await this.#session?.resume();
    this.#inputs?.setPaused(false);
    if (this.#pausedAt !== null) this.#pausedTotal += this.#now() - this.#pausedAt;
    this.#pausedAt = null;
    this.#set({ phase: 'recording' });
    return this.state;
  }

  /** Stops the audio, waits until the service has sent every item, then reports `ended`. */
  async end(): Promise<VisitState> {
    if (this.#state.phase === 'starting') {
      // Still connecting (perhaps offline): stop now rather than wait for the service.
      this.#set({ phase: 'ending' });
      if (!this.#session) return this.state; // start() abandons it once the session exists
      this.#abandoning = this.#abandon(this.#session);
      return this.#abandoning;
    }
    if (this.#state.phase !== 'recording' && this.#state.phase !== 'paused')
      throw new Failure('visit_not_active');
    if (this.#pausedAt !== null) this.#pausedTotal += this.#now() - this.#pausedAt;
    this.#pausedAt = this.#now();
    this.#set({ phase: 'ending' });
    await this.#stopInputs();
    try {
      await this.#session?.end();
    } finally {
      this.#detach();
    }
    // A failure reported while ending wins over "ended".
    if ((this.#state.phase as VisitState['phase']) === 'ending')
      this.#set({ phase: 'ended', connection: 'connected' });
    return this.state;
  }

  /**
   * Shows a recovered visit's complete transcript as an ended visit (the note can be written from it). Its
   * journal is shredded, like any visit's, when the visit is discarded or the next one starts.
   */
  async restore(
    items: readonly LiveItem[],
    forget: () => Promise<void>,
    options: { cut?: boolean } = {},
  ): Promise<VisitState> {
    if (this.active) throw new Failure('visit_in_progress');
    await this.#last?.forget().catch(() => undefined);
    this.#last = { forget };
    this.transcript.clear();
    for (const item of items) this.transcript.upsert(item);
    this.#state = { ...initialState(false), phase: 'ended', ...(options.cut ? { recoveredCut: true } : {}) };
    this.#flush();
    this.#pushState();
    return this.state;
  }

  /** Forgets the visit (stopping it first if needed) and shreds its journal. */
  async discard(): Promise<VisitState> {
    await this.disarm();
    const session = this.#session;
    const last = this.#last;
    this.#detach();
    this.#last = null;
    await Promise.allSettled([this.#stopInputs(), session?.abort()]);
    await last?.forget().catch(() => undefined);
    this.transcript.clear();
    this.#state = initialState(false);
    this.#pushState();
    return this.state;
  }

  #open(audio: VisitAudio, armed: boolean): VisitInputs {
    return new VisitInputs(
      audio,
      (stream, l) => this.#emit('visit:level', { stream, rms: l.rms, peak: l.peak }),
      (warnings) => this.#set({ inputWarnings: [...warnings] }),
      { armed },
    );
  }

  /** Stops the devices; every chunk they captured is in the session's streams when this resolves. */
  async #stopInputs(): Promise<void> {
    await this.#inputs?.stop();
  }

  #attach(session: LiveSession): void {
    this.#session = session;
    this.#last = session;
    this.#unsubscribe = [
      session.onDidItem((item) => this.transcript.upsert(item)),
      session.onDidHealth((health) => this.#onHealth(health)),
      // The recording ran out (the sample) or the device failed: finish the visit, keeping the transcript.
      session.onDidAudioEnd(({ code }) => {
        // A short recording can run out while the session still connects: it ends once recording.
        if (this.#state.phase === 'starting') this.#audioEndedWhileStarting = { code };
        if (this.#state.phase !== 'recording' && this.#state.phase !== 'paused') return;
        this.#endOnAudioEnd(code);
      }),
      session.onDidFail((failure) => {
        if (this.#state.phase === 'starting') {
          this.#startFailure = failure.code; // start() settles it
          return;
        }
        this.#keep(session);
        this.#flush();
        this.#fail(failure.code);
        void this.#stopInputs();
        this.#detach();
      }),
    ];
  }

  #endOnAudioEnd(code: ErrorCode | null): void {
    void this.end().then(
      () => code && this.#set({ error: { code, message: ERROR_TEXT[code] } }),
      () => undefined,
    );
  }

  #detach(): void {
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#flush();
    this.#session = null;
  }

  #onHealth(health: LiveHealth): void {
    this.#set({ connection: health.health, nothingLost: health.nothingLost, disk: health.disk });
  }

  #fail(code: ErrorCode): void {
    this.#set({ phase: 'failed', connection: 'offline', error: { code, message: ERROR_TEXT[code] } });
  }

  #flush(): void {
    const items = this.transcript.takePending();
    if (items.length > 0) this.#emit('visit:transcript', { items });
  }

  #elapsed(): number {
    if (this.#startedAt === 0) return 0;
    const end = this.#pausedAt ?? this.#now();
    return Math.max(0, end - this.#startedAt - this.#pausedTotal);
  }

  #set(patch: Partial<VisitState>): void {
    this.#state = { ...this.#state, ...patch };
    this.#pushState();
  }

  #pushState(): void {
    this.#emit('visit:state', this.state);
  }
}

function initialState(sample: boolean): VisitState {
  return {
    phase: 'idle',
    connection: 'connected',
    nothingLost: true,
    sample,
    elapsedMs: 0,
    finalItems: 0,
    error: null,
    inputWarnings: [],
    armed: false,
  };
}
