/**
 * The recording half of a visit, as the state machine in preload/contract/visit-phase.ts: idle → starting →
 * recording ⇄ paused → ending → ended | failed. It opens the audio inputs first (VisitInputs: capture starts
 * before the connection, so nothing said right after Start is lost), starts the live session, keeps the
 * transcript and pushes state, level and transcript batches to the renderer (which learns the state from
 * the `visit:state` push only). The sample visit runs the bundled recording through exactly the same path.
 */
import type { ErrorCode, FailureNote, StartVisit, VisitState } from '../../../preload/contract/index.ts';
import * as phase from '../../../preload/contract/visit-phase.ts';
import type { LiveItem, LiveSession, LiveTranscriber } from './ports.ts';
import type { SaidSource } from '../../core/streaming/transcriber-port.ts';
import { LiveLink } from './session-link.ts';
import type { TranscriptStore } from './transcript-store.ts';
import { ArmedInputs } from './armed-inputs.ts';
import { Failure } from '../../base/failure.ts';
import { openVisitInputs, type VisitAudio, type VisitInputs } from './visit-inputs.ts';
import type { Connecting } from './visit-phase-data.ts';
import { VisitStatus } from './visit-status.ts';
import { Emitter } from '../../base/async/emitter.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';

/** One visit's recording, transcript and live state. */
export class VisitRecorder {
  readonly #emit: EmitEvent;
  readonly #status: VisitStatus;
  readonly transcript: TranscriptStore;
  /** The last session (or recovered journal), kept after it ended so it can be shredded on discard. */
  #last: Pick<LiveSession, 'forget' | 'setAside' | 'said'> | null = null;
  #inputs: VisitInputs | null = null;
  /** Inputs opened before Start (the pre-roll). */
  readonly #armed: ArmedInputs;
  readonly #link: LiveLink;
  readonly #endedItself = new Emitter<void>();

  constructor(emit: EmitEvent, now: () => number = Date.now) {
    this.#emit = emit;
    this.#status = new VisitStatus(emit, now);
    this.transcript = this.#status.transcript;
    this.#armed = new ArmedInputs(this.#status, () => this.active);
    this.#link = new LiveLink(this.#status, {
      onAudioEnd: (code) => this.#onAudioEnd(code),
      onFail: (session, failure) => this.#onFail(session, failure),
    });
  }

  /** Told when the visit ended on its own (its audio ran out or failed); returns its remover. */
  onDidEndItself(listener: () => void): () => void {
    return this.#endedItself.on(listener);
  }

  /** The current state (elapsed time computed now). */
  get state(): VisitState {
    return this.#status.state;
  }

  get active(): boolean {
    return phase.isVisitActive(this.#status.phase);
  }

  /** What the visit on screen said (locales, kept audio; a recovered one: its locales); null without one. */
  get said(): SaidSource | null {
    return this.#last?.said ?? null;
  }

  /**
   * Opens the inputs before Start, keeping only their pre-roll (in memory, never sent or journaled); `key`
   * names what they were opened for. Left for ARM_TIMEOUT_MS, they close by themselves (`armExpired`).
   */
  async arm(audio: VisitAudio & { kind: 'devices' }, key: string): Promise<void> {
    if (this.active) throw new Failure('visit_in_progress');
    await this.#armed.hold(this.#open(audio, true), key);
  }

  /** Armed for `key`, with every chosen device still delivering (see ArmedInputs.usableFor). */
  armedFor(key: string): boolean {
    return this.#armed.usableFor(key);
  }

  /** Closes armed inputs and drops their pre-roll (and any word that they closed by themselves). */
  disarm(): Promise<void> {
    return this.#armed.close(false);
  }

  /**
   * Starts recording, on new inputs or the armed ones (their pre-roll is the visit's first audio). Resolves
   * once the visit records, or stopped (End came while connecting); rejects when it could not start.
   */
  async start(
    request: Pick<StartVisit, 'locales'>,
    audio: VisitAudio | 'armed',
    transcriber: LiveTranscriber,
  ): Promise<void> {
    if (this.active) throw new Failure('visit_in_progress');
    const armed = this.#armed.take();
    if (audio === 'armed' && !armed) throw new Failure('mic_unavailable');
    // The microphones open (or the armed ones go live) first: the person may talk the moment they press Start.
    const inputs = audio === 'armed' ? armed! : this.#open(audio, false);
    const connecting = this.#begin(inputs, audio !== 'armed' && audio.kind === 'sample');
    if (audio !== 'armed') await armed?.close(); // armed for other inputs: not used
    // A new visit: the previous one's journal goes (one kept for recovery is not #last any more).
    await this.#last?.forget().catch(() => undefined);
    this.#last = null;
    this.transcript.clear();
    const session = await this.#openSession(connecting, transcriber, request.locales, inputs);
    if (this.#status.connecting !== connecting) return this.#dropDiscarded(session);
    // Attached at once: the screen shows the connection and End works while the session is still trying.
    this.#link.attach(session);
    this.#last = connecting.session = session;
    if (this.#status.phase === 'ending') return this.#abandon(connecting, session); // End came meanwhile
    await this.#connect(connecting, session);
  }

  /** Enters `starting` on these inputs, with a fresh state. */
  #begin(inputs: VisitInputs, sample: boolean): Connecting {
    inputs.start();
    this.#inputs = inputs;
    return this.#status.begin(sample, { inputWarnings: [...inputs.warnings] });
  }

  async #openSession(
    connecting: Connecting,
    transcriber: LiveTranscriber,
    locales: readonly string[],
    inputs: VisitInputs,
  ): Promise<LiveSession> {
    try {
      return await transcriber.start({ locales, streams: inputs.streams });
    } catch (error) {
      await this.#inputs?.stop();
      // A local failure (the keychain, the journal folder) says what it is; anything else is the service.
      if (this.#status.connecting === connecting)
        this.#status.fail(error instanceof Failure ? error.code : 'service_unreachable');
      throw error;
    }
  }

  /** Waits for the session to stream, or for End; then records (or stops, having run out of audio). */
  async #connect(connecting: Connecting, session: LiveSession): Promise<void> {
    try {
      await Promise.race([session.started, connecting.ended]);
    } catch {
      if (connecting.abandoned) return connecting.abandoned; // End came meanwhile
      if (this.#status.connecting !== connecting) return; // discarded meanwhile
      await this.#abandon(connecting, session);
      const { code, params } = this.#status.state.error!;
      throw new Failure(code as ErrorCode, params as never);
    }
    if (this.#status.phase !== 'starting' || this.#status.connecting !== connecting)
      return connecting.abandoned ?? undefined;
    this.#status.clock.start();
    // What the session last said about the audio stands (a full disk keeps it from being safe on disk).
    this.#status.go('connected', { connection: 'connected' });
    this.#link.pushTranscript();
    if (connecting.audioEnded) void this.#endOnAudioEnd(connecting.audioEnded.code);
  }

  /** The session never streamed (unreachable, or End came first): what was recorded stays, offered. */
  async #abandon(connecting: Connecting, session: LiveSession): Promise<void> {
    connecting.end();
    this.#link.detach();
    await this.#inputs?.stop();
    await session.abort().catch(() => undefined);
    const kept = this.#keep(session);
    if (this.#status.connecting === connecting) this.#status.fail(connecting.abandonFailure(kept));
  }

  /** A session that arrived after its visit was discarded: stopped and shredded, as the visit was. */
  async #dropDiscarded(session: LiveSession): Promise<void> {
    await session.abort().catch(() => undefined);
    await session.forget().catch(() => undefined);
  }

  /** The session did not finish cleanly: its journal is kept for recovery (see LiveSession.keep). */
  #keep(session: LiveSession): boolean {
    if (this.#last === session) this.#last = null;
    return session.keep();
  }

  /** Pauses: the taps go silent at once; the session confirms what was sent on its own time (offline too). */
  async pause(): Promise<void> {
    if (!phase.canPauseVisit(this.#status.phase)) throw new Failure('visit_not_active');
    this.#inputs?.setPaused(true);
    this.#status.clock.stop();
    this.#status.go('pause');
    this.#link.session?.pause().catch(() => undefined);
  }

  /** Resumes: the taps open at once; audio is journaled while the session (re)connects (no waiting). */
  async resume(): Promise<void> {
    if (!phase.canResumeVisit(this.#status.phase)) throw new Failure('visit_not_active');
    this.#link.session?.resume().catch(() => undefined);
    if (this.#status.phase !== 'paused') return; // the session failed at once
    this.#inputs?.setPaused(false);
    this.#status.clock.resume();
    this.#status.go('resume');
  }

  /** Stops the audio, waits until the service has sent every item, then reports `ended`. */
  async end(): Promise<void> {
    if (!phase.canEndVisit(this.#status.phase)) throw new Failure('visit_not_active');
    if (this.#status.phase === 'starting') return this.#endWhileStarting(this.#status.connecting!);
    this.#status.clock.stop();
    this.#status.go('end');
    await this.#inputs?.stop(); // every chunk captured is in the session's streams now
    try {
      await this.#link.session?.end();
    } finally {
      this.#link.detach();
    }
    // A failure reported while ending wins over "ended".
    if (this.#status.phase === 'ending') this.#status.go('finished', { connection: 'connected' });
  }

  /** Still connecting (perhaps offline): stop now rather than wait for the service. */
  #endWhileStarting(connecting: Connecting): Promise<void> {
    this.#status.go('end');
    connecting.end();
    if (!connecting.session) return Promise.resolve(); // start() abandons it once the session exists
    connecting.abandoned = this.#abandon(connecting, connecting.session);
    return connecting.abandoned;
  }

  /**
   * Shows a recovered visit's complete transcript as an ended visit (the note can be written from it). Its
   * journal is shredded, like any visit's, when the visit is discarded or the next one starts.
   */
  async restore(
    items: readonly LiveItem[],
    forget: () => Promise<void>,
    options: { cut?: boolean; setAside?: () => Promise<void>; said?: SaidSource } = {},
  ): Promise<void> {
    if (this.active) throw new Failure('visit_in_progress');
    await this.#last?.forget().catch(() => undefined);
    if (this.active) throw new Failure('visit_in_progress');
    const { setAside, said } = options;
    this.#last = { forget, ...(setAside ? { setAside } : {}), ...(said ? { said } : {}) };
    this.transcript.clear();
    for (const item of items) this.transcript.upsert(item);
    this.#status.flush();
    this.#status.replace('restore', options.cut ? { recoveredCut: true } : {});
  }

  /** Forgets the visit (stopping it first if needed) and shreds its journal. */
  discard(): Promise<void> {
    return this.#clear((last) => last.forget());
  }

  /** The clinician changed (never while recording): the visit leaves the window, its journal stays on disk. */
  setAside(): Promise<void> {
    if (this.active) throw new Failure('visit_in_progress');
    return this.#clear(async (last) => last.setAside?.());
  }

  async #clear(then: (last: Pick<LiveSession, 'forget' | 'setAside'>) => Promise<void>): Promise<void> {
    await this.disarm();
    const session = this.#link.session;
    const last = this.#last;
    this.#link.detach();
    this.#last = null;
    this.transcript.clear();
    this.#status.replace('discard');
    await Promise.allSettled([this.#inputs?.stop(), session?.abort()]);
    if (last) await then(last).catch(() => undefined);
  }

  #open(audio: VisitAudio, armed: boolean): VisitInputs {
    return openVisitInputs(audio, this.#emit, (w) => this.#status.set({ inputWarnings: [...w] }), armed);
  }

  /** The recording ran out (the sample) or the device failed: finish the visit, keeping the transcript. */
  #onAudioEnd(code: ErrorCode | null): void {
    // A short recording can run out while the session still connects: it ends once recording.
    if (this.#status.phase === 'starting' && this.#status.connecting)
      this.#status.connecting.audioEnded = { code };
    if (this.#status.phase === 'recording' || this.#status.phase === 'paused') void this.#endOnAudioEnd(code);
  }

  #onFail(session: LiveSession, failure: FailureNote): void {
    if (this.#status.phase === 'starting' && this.#status.connecting) {
      this.#status.connecting.failure = failure; // start() settles it
      return;
    }
    this.#keep(session);
    this.#status.flush();
    this.#status.fail(failure);
    void this.#inputs?.stop();
    this.#link.detach();
  }

  async #endOnAudioEnd(code: ErrorCode | null): Promise<void> {
    try {
      await this.end();
    } catch {
      return;
    }
    this.#endedItself.emit();
    if (code) this.#status.set({ error: { code } });
  }
}
