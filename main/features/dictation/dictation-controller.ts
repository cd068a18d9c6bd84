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
import type { ConnectionStatus } from '../../core/streaming/session-types.ts';
import { dictationStream } from './stream-setup.ts';
import type { DictationStream } from './dictation-stream.ts';
import { pumpMicrophone } from './dictation-pump.ts';
import { inFocusedField } from './commands/field-buttons.ts';
import { OverlayPresenter } from './overlay-presenter.ts';
import {
  NOTICE_MS,
  type DictationControllerOptions,
  type DictationOutcome,
  type Running,
} from './controller-types.ts';
import type { DictationFlag, DictationMessage } from '../../../preload/contract/index.ts';
import { lastWords, reconnectingMessage, recordingPhase } from './overlay-model.ts';
import type { FieldButton, InsertionRun, InsertTarget, OverlayState } from './ports.ts';

export type { DictationControllerOptions, DictationOutcome, DictationSink } from './controller-types.ts';

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
  readonly #overlay: OverlayPresenter;
  /** The last dictation inserted, while "undo" may still take it out. */
  #last: { run: InsertionRun; text: string; appName: string } | null = null;

  constructor(options: DictationControllerOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => performance.now());
    this.#overlay = new OverlayPresenter(options);
  }

  /** True from start until the text is out (or the dictation cancelled). */
  get active(): boolean {
    return this.#running !== null || this.#finishing !== null;
  }

  /** Whether "undo last dictation" has a dictation to take back (none while one runs). */
  get undoable(): boolean {
    return this.#last !== null && !this.active;
  }

  /** Starts a dictation; false (and says why on the overlay) when the microphone is taken. */
  async start(): Promise<boolean> {
    if (this.#running || this.#finishing) return false;
    const pressedAt = this.#now();
    if (this.#o.lock.holder() === 'visit' || !this.#o.lock.acquire('dictation')) {
      this.#overlay.flash({ phase: 'busy', message: { code: 'busy' } });
      return false;
    }
    // The microphone first: every millisecond before it opens could clip the first word.
    const { capture, chunks } = this.#o.microphone.take();
    const target = await this.#o.inserter.captureTarget().catch(() => null);
    const run = await this.#begin(capture, target);
    if (!run) return false;
    // Held since before the dictation existed (push-to-talk): nothing goes in until the chord is released.
    if (this.#held) run.setHeld(true);
    this.#last = null;
    const running: Running = {
      startedAt: pressedAt,
      capture,
      target,
      run,
      stream: this.#stream(run, target),
      notice: null,
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

  #stream(run: InsertionRun, target: InsertTarget | null): DictationStream {
    const say = (message: DictationMessage): void => {
      if (this.#running) this.#running.notice = { message, until: this.#now() + NOTICE_MS };
      if (this.#running) this.#show(this.#running);
      // Into our own box: the person is looking at the box, which says it too.
      if (target === null) this.#o.sink.notice?.(message);
    };
    return dictationStream(this.#o, { run, target, say, stop: () => this.stop() });
  }

  /** Keeps or fixes a flag of the running dictation; null: no such open flag, or a fix of one without a fix. */
  resolveFlag(id: string, how: 'keep' | 'fix'): DictationFlag | null {
    const running = this.#running;
    const flag = running?.stream.resolve(id, how) ?? null;
    if (running && flag) this.#show(running);
    if (flag || !running) this.#overlay.resolved(id);
    return flag;
  }

  /** Starts inserting into the target; when that fails the microphone and the lock are given back. */
  async #begin(capture: Running['capture'], target: InsertTarget | null): Promise<InsertionRun | null> {
    try {
      return await this.#o.inserter.begin(target);
    } catch {
      await capture.close();
      this.#o.lock.release('dictation');
      this.#overlay.flash({ phase: 'failed', message: { code: 'start_failed' } });
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
    const stopThis = (): void => {
      if (this.#running === running) void this.stop();
    };
    running.pump = pumpMicrophone(running, chunks, {
      pressedAt,
      now: this.#now,
      open: this.#o.open,
      onFirstSample: (ms) => this.#o.onFirstSample?.(ms),
      shown: () => this.#show(running),
      // A session that failed for good (an error frame the service will not take back, a refused sign-in)
      // ends the dictation at once, whether or not the microphone still gives chunks.
      failed: stopThis,
    });
    const endsWithAudio = this.#o.endsWithAudio?.() ?? false;
    // A session that fails (refused sign-in, no service at start) ends the dictation: what was said so far
    // goes to the box and its journal is kept for recovery. A recording that has played out ends it too.
    running.pump.then(() => endsWithAudio && stopThis(), stopThis);
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
    this.#overlay.flash({
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

  /** The person typed (the key hook saw a key that is not ours): the last dictation is no longer all ours. */
  userTyped(): void {
    (this.#running?.run ?? this.#finishingRun ?? this.#last?.run)?.userTyped();
  }

  /** Undo last dictation: out of the application while all of it is ours, else it goes to the box. */
  async undo(): Promise<void> {
    const last = this.#last;
    this.#last = null;
    if (this.active || !last)
      return this.#overlay.flash({ phase: 'notice', message: { code: 'nothing_to_undo' } });
    const removed = (await last.run.undo().catch(() => 'not_ours')) === 'removed';
    this.#o.sink.undone?.(last.text, removed, last.appName);
    const message = { code: removed ? 'undone' : 'undo_in_box', app: last.appName } as const;
    this.#overlay.flash({ phase: removed ? 'notice' : 'copied', appName: last.appName, message });
  }

  /** Something said between dictations (the copied text left the clipboard); never over a running one. */
  notice(message: DictationMessage): void {
    if (!this.active) this.#overlay.flash({ phase: 'notice', message });
  }

  /**
   * Next / previous template field or accept defaults, from a hotkey or a microphone button: while
   * dictating, between the words said so far and the next ones (as the voice command); otherwise in the
   * focused field at once. The overlay says what happened; a field that cannot be read is left untouched.
   */
  async fieldButton(kind: FieldButton): Promise<void> {
    const running = this.#running;
    if (running) return running.stream.fieldButton(kind);
    // The caret moved: the last dictation is no longer where undo would take it from.
    const code = await inFocusedField(this.#o.navigator, kind, () => this.#last?.run.userTyped());
    this.#overlay.flash({ phase: 'notice', message: { code } });
  }

  async #finish(running: Running): Promise<void> {
    let outcome: DictationOutcome;
    await running.capture.stop();
    try {
      await running.pump;
      const session = running.opened?.session;
      if (session) await session.end();
      this.#show(running, 'inserting');
      await running.stream.settled();
      outcome = await running.run.finish(running.stream.text);
    } catch {
      running.run.discard();
      outcome = { kind: 'failed', reason: { code: 'finish_failed' } };
    }
    const text = running.stream.text;
    this.#o.sink.finished(
      text,
      outcome,
      running.stream.flags,
      outcome.kind === 'failed' ? running.opened?.journalId : undefined,
    );
    if (outcome.kind === 'inserted' && text !== '')
      this.#last = { run: running.run, text, appName: outcome.appName };
    // The text is safe in the other app, the box or history: the kept audio can go. A failure keeps it.
    if (outcome.kind !== 'failed') await running.opened?.settle().catch(() => undefined);
    else running.opened?.keep();
    this.#cleanup(running);
    const phase = outcome.kind === 'inserted' ? 'inserted' : outcome.kind === 'failed' ? 'failed' : 'copied';
    this.#overlay.flash({
      phase,
      appName: outcome.kind === 'inserted' ? outcome.appName : (running.target?.appName ?? null),
      message: outcome.kind === 'inserted' ? null : outcome.reason,
      lastWords: lastWords(text),
      flagged: running.stream.flags.at(-1) ?? null,
      undoable: this.#last?.run === running.run,
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
    const derived = connection ? recordingPhase(connection, running.stream.asleep) : 'starting';
    const shown = phase ?? derived;
    const notice = running.notice && running.notice.until > this.#now() ? running.notice.message : null;
    this.#overlay.show({
      phase: shown,
      appName: running.target?.appName ?? null,
      level: running.level,
      elapsedMs: Math.max(0, this.#now() - running.startedAt),
      lastWords: lastWords(running.stream.text),
      flagged: running.stream.flags.at(-1) ?? null,
      panel: running.stream.panel,
      message:
        message ??
        notice ??
        (shown === 'reconnecting' && connection ? reconnectingMessage(connection) : null),
    });
  }
}
