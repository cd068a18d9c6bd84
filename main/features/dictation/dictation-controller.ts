/**
 * One dictation at a time, from hotkey to text in the other application:
 *
 *   start → (mic free?) target remembered → microphone (warm pre-roll or opened now) → session → chunks
 *   pumped, text streamed to the inserter and the overlay → stop → session ends (every chunk confirmed) →
 *   inserter finishes → outcome shown → the text goes to the box/history → the journal is let go.
 *
 * Nothing is lost: the session journals every chunk until the service turned it into text (the ack window
 * and replay of main/core/streaming); a failure keeps the journal and puts what was received in the box.
 */
import type { AudioCapture } from '../../core/audio/capture.ts';
import { LevelMeter } from '../../core/audio/level-meter.ts';
import type { ConnectionStatus } from '../../core/streaming/session-types.ts';
import type { WarmMicrophone } from './warm-microphone.ts';
import type { DictationMessage } from '../../../preload/contract/index.ts';
import { lastWords, meterLevel, reconnectingMessage, recordingPhase } from './overlay-model.ts';
import type {
  InsertOutcome,
  Inserter,
  InsertionRun,
  InsertTarget,
  MicrophoneLock,
  OpenDictation,
  OpenedDictation,
  OverlayPort,
  OverlayState,
} from './ports.ts';

/** How a dictation ended: an insertion's outcome, or failed. */
export type DictationOutcome = InsertOutcome | { kind: 'failed'; reason: DictationMessage };

/** Where finished (or rescued) text goes: the dictation box and history. */
export interface DictationSink {
  /** The live text of the current dictation (the box shows it as it comes). */
  live(text: string): void;
  /** A dictation ended: its text, what happened to it, and (failed) the journal that keeps its audio. */
  finished(text: string, outcome: DictationOutcome, journalId?: string): void;
}

/** Options of {@link DictationController}. */
export interface DictationControllerOptions {
  readonly open: OpenDictation;
  /** The microphone, kept warm between dictations (main/features/dictation/warm-microphone.ts). */
  readonly microphone: Pick<WarmMicrophone, 'take' | 'rest'>;
  readonly lock: MicrophoneLock;
  readonly inserter: Inserter;
  readonly overlay: OverlayPort;
  readonly sink: DictationSink;
  /** Told when a dictation starts or ends by any means (the hotkey machine, the tray). */
  readonly onActiveChange?: (active: boolean) => void;
  /** Hotkey-down → first captured sample, for the benchmark. */
  readonly onFirstSample?: (ms: number) => void;
  readonly now?: () => number;
  /** How long the outcome stays on the overlay. */
  readonly outcomeMs?: number;
}

interface Running {
  readonly startedAt: number;
  readonly capture: AudioCapture;
  readonly target: InsertTarget | null;
  readonly run: InsertionRun;
  opened: OpenedDictation | null;
  pump: Promise<void> | null;
  level: number;
  cancelled: boolean;
  offs: (() => void)[];
  ticker: ReturnType<typeof setInterval> | null;
}

/** Runs dictations: start, stop, cancel; shows each step on the overlay. */
export class DictationController {
  readonly #o: DictationControllerOptions;
  readonly #now: () => number;
  #running: Running | null = null;
  #finishing: Promise<void> | null = null;
  /** The insertion being finished after Stop: late corrections must still see the person's keys. */
  #finishingRun: InsertionRun | null = null;
  /** Whether the push-to-talk chord is down; it may go down before the dictation exists. */
  #held = false;
  #hideTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: DictationControllerOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => performance.now());
  }

  /** True from start until the text is out (or the dictation cancelled). */
  get active(): boolean {
    return this.#running !== null || this.#finishing !== null;
  }

  /** Starts a dictation; false (and says why on the overlay) when the microphone is taken. */
  async start(): Promise<boolean> {
    if (this.#running || this.#finishing) return false;
    const pressedAt = this.#now();
    if (this.#o.lock.holder() === 'visit' || !this.#o.lock.acquire('dictation')) {
      this.#flash({ phase: 'busy', message: { code: 'busy' } });
      return false;
    }
    // The microphone first: every millisecond before it opens could clip the first word.
    const { capture, chunks } = this.#o.microphone.take();
    const target = await this.#o.inserter.captureTarget().catch(() => null);
    const run = await this.#begin(capture, target);
    if (!run) return false;
    // Held since before the dictation existed (push-to-talk): nothing goes in until the chord is released.
    if (this.#held) run.setHeld(true);
    const running: Running = {
      startedAt: pressedAt,
      capture,
      target,
      run,
      opened: null,
      pump: null,
      level: 0,
      cancelled: false,
      offs: [],
      ticker: null,
    };
    this.#running = running;
    this.#o.onActiveChange?.(true);
    this.#launch(running, chunks, pressedAt);
    return true;
  }

  /** Starts inserting into the target; when that fails the microphone and the lock are given back. */
  async #begin(capture: Running['capture'], target: InsertTarget | null): Promise<InsertionRun | null> {
    try {
      return await this.#o.inserter.begin(target);
    } catch {
      await capture.close();
      this.#o.lock.release('dictation');
      this.#flash({ phase: 'failed', message: { code: 'start_failed' } });
      return null;
    }
  }

  /** Shows the overlay and starts pumping the microphone into the session. */
  #launch(running: Running, chunks: AsyncIterable<Int16Array>, pressedAt: number): void {
    running.offs.push(
      running.run.onCorrectedInBox(() =>
        this.#show(running, 'corrected-in-box', { code: 'corrected_in_box' }),
      ),
    );
    running.ticker = setInterval(() => this.#show(running), 250);
    this.#show(running, 'starting');
    running.pump = this.#pump(running, chunks, pressedAt);
    // A session that fails (refused sign-in, no service at start) ends the dictation: what was said so far
    // goes to the box and its journal is kept for recovery.
    running.pump.catch(() => {
      if (this.#running === running) void this.stop();
    });
  }

  /** Stops listening; the text is finished and inserted. Resolves once everything is out. */
  async stop(): Promise<void> {
    const running = this.#running;
    if (!running) return this.#finishing ?? undefined;
    this.#running = null;
    this.#finishingRun = running.run;
    this.#finishing = this.#finish(running);
    try {
      await this.#finishing;
    } finally {
      this.#finishing = null;
      this.#finishingRun = null;
      this.#o.onActiveChange?.(false);
    }
  }

  /** Discards the current dictation: nothing more is inserted, its audio is dropped. */
  async cancel(): Promise<void> {
    const running = this.#running;
    if (!running) return;
    this.#running = null;
    running.cancelled = true;
    running.run.discard();
    await running.capture.close();
    running.opened?.session.abort();
    await running.pump?.catch(() => undefined);
    await running.opened?.settle().catch(() => undefined);
    this.#cleanup(running);
    this.#flash({
      phase: 'cancelled',
      message: { code: 'cancelled' },
      appName: running.target?.appName ?? null,
    });
    this.#o.onActiveChange?.(false);
  }

  /** Push-to-talk chord held or released (insertion waits while held). */
  setHeld(held: boolean): void {
    this.#held = held;
    (this.#running?.run ?? this.#finishingRun)?.setHeld(held);
  }

  /** The person typed (the key hook saw a key that is not ours), while dictating or while it finishes. */
  userTyped(): void {
    (this.#running?.run ?? this.#finishingRun)?.userTyped();
  }

  async #pump(running: Running, chunks: AsyncIterable<Int16Array>, pressedAt: number): Promise<void> {
    const meter = new LevelMeter();
    const iterator = chunks[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done) return;
    this.#o.onFirstSample?.(this.#now() - pressedAt);
    if (running.cancelled) return;
    // The field's text around the caret lets the service continue it (capitals, spacing).
    const opened = await this.#o.open(running.run.fieldContext ? { context: running.run.fieldContext } : {});
    running.opened = opened;
    const { session } = opened;
    running.offs.push(
      session.on('text', ({ text, rolledBack }) => {
        running.run.update(text, rolledBack);
        this.#o.sink.live(text);
        this.#show(running);
      }),
      session.on('connection', () => this.#show(running)),
    );
    await session.start();
    for (let next: IteratorResult<Int16Array> = first; !next.done; next = await iterator.next()) {
      if (running.cancelled) return;
      const readings = meter.push(next.value);
      const last = readings.at(-1);
      if (last) running.level = meterLevel(last.rmsDbfs);
      // A session that failed for good takes no more audio: stop listening and say so at once, rather
      // than let the person talk on into nothing (what was received goes to the box, the journal stays).
      if (!session.sendAudio(next.value)) throw new Error('the dictation session stopped taking audio');
    }
  }

  async #finish(running: Running): Promise<void> {
    let outcome: DictationOutcome;
    await running.capture.stop();
    try {
      await running.pump;
      const session = running.opened?.session;
      if (session) await session.end();
      this.#show(running, 'inserting');
      outcome = await running.run.finish(session?.text ?? '');
    } catch {
      running.run.discard();
      outcome = { kind: 'failed', reason: { code: 'finish_failed' } };
    }
    const text = running.opened?.session.text ?? '';
    this.#o.sink.finished(text, outcome, outcome.kind === 'failed' ? running.opened?.journalId : undefined);
    // The text is safe in the other app, the box or history: the kept audio can go. A failure keeps it.
    if (outcome.kind !== 'failed') await running.opened?.settle().catch(() => undefined);
    else running.opened?.keep();
    this.#cleanup(running);
    const phase = outcome.kind === 'inserted' ? 'inserted' : outcome.kind === 'failed' ? 'failed' : 'copied';
    this.#flash({
      phase,
      appName: outcome.kind === 'inserted' ? outcome.appName : (running.target?.appName ?? null),
      message: outcome.kind === 'inserted' ? null : outcome.reason,
      lastWords: lastWords(text),
    });
  }

  #cleanup(running: Running): void {
    if (running.ticker) clearInterval(running.ticker);
    for (const off of running.offs.splice(0)) off();
    this.#o.lock.release('dictation');
    this.#o.microphone.rest();
  }

  /** Shows the running dictation; `phase` overrides the one derived from the connection. */
  #show(running: Running, phase?: OverlayState['phase'], message?: DictationMessage): void {
    if (this.#running !== running && phase === undefined) return;
    const connection: ConnectionStatus | undefined = running.opened?.session.connection;
    const derived = connection ? recordingPhase(connection) : 'starting';
    const shown = phase ?? derived;
    this.#clearHide();
    this.#o.overlay.show({
      phase: shown,
      appName: running.target?.appName ?? null,
      level: running.level,
      elapsedMs: Math.max(0, this.#now() - running.startedAt),
      lastWords: lastWords(running.opened?.session.text ?? ''),
      message: message ?? (shown === 'reconnecting' && connection ? reconnectingMessage(connection) : null),
    });
  }

  /** Shows an outcome for a moment, then hides the overlay. */
  #flash(state: Partial<OverlayState> & { phase: OverlayState['phase'] }): void {
    this.#clearHide();
    this.#o.overlay.show({ appName: null, level: 0, elapsedMs: 0, lastWords: '', message: null, ...state });
    this.#hideTimer = setTimeout(() => this.#o.overlay.show(null), this.#o.outcomeMs ?? 2500);
  }

  #clearHide(): void {
    if (this.#hideTimer) clearTimeout(this.#hideTimer);
    this.#hideTimer = null;
  }
}
