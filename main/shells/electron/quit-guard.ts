/**
 * Quitting while a visit is being recorded: ask first, then end the visit's streams before the process
 * exits. Pure logic (no electron): main/app/lifecycle.ts feeds it `before-quit` and shows the dialog.
 *
 * Audio is never lost by quitting: every chunk is journaled to disk as it is captured (main/core/streaming/),
 * so finishing only closes the streams in order. If finishing fails or hangs, we still quit after a
 * deadline and the journal is recovered on the next start.
 */
import { withTimeout } from '../../base/async/timeout.ts';
import type { ShellWords } from '../../../preload/words/shell-words-type.ts';

/** What the quit guard needs from the visit service. */
export interface VisitLifecycle {
  /** True while a visit is in progress (starting, recording, paused, reconnecting, ending). */
  isActive(): boolean;
  /** Stops capture, sends END, waits for the final items, flushes the journal. */
  finish(): Promise<void>;
}

/** The person's answer to the quit question. */
export type QuitChoice = 'end-visit-and-quit' | 'keep-recording';

/** The question, as data for dialog.showMessageBox, in `w`. Button order matches QUIT_BUTTON_CHOICES. */
export function quitDialog(w: ShellWords['quitDialog']) {
  return {
    type: 'warning',
    title: w.title,
    message: w.message,
    detail: w.detail,
    buttons: [w.endAndQuit, w.keepRecording],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  } as const;
}

const QUIT_BUTTON_CHOICES: readonly QuitChoice[] = ['end-visit-and-quit', 'keep-recording'];

/** Maps the clicked button index to a choice; anything unexpected keeps recording (the safe side). */
export function quitChoiceFromButton(index: number): QuitChoice {
  return QUIT_BUTTON_CHOICES[index] ?? 'keep-recording';
}

export interface QuitGuardOptions {
  readonly visit: VisitLifecycle;
  /** Shows the question. A rejection counts as "keep recording". */
  readonly confirm: () => Promise<QuitChoice>;
  /** Quits for real (app.quit()); before-quit then fires again and is allowed. */
  readonly quit: () => void;
  /** How long to wait for finish() before quitting anyway. */
  readonly finishTimeoutMs?: number;
  /** Reports `finish_failed` or `finish_timeout` (codes only). */
  readonly onDidFail?: (code: 'finish_failed' | 'finish_timeout') => void;
}

/** The guard's phase; exposed for tests and logs. */
type QuitGuardPhase = 'running' | 'asking' | 'finishing' | 'quitting';

export interface QuitGuard {
  readonly phase: QuitGuardPhase;
  /** Call from `before-quit`; `'prevent'` means call event.preventDefault(). */
  onBeforeQuit(): 'allow' | 'prevent';
  /** The OS is ending the session (log off, shut down): no time to ask, finish and quit. */
  onSessionEnd(): Promise<void>;
}

/** Builds the guard. */
export function createQuitGuard(options: QuitGuardOptions): QuitGuard {
  return new VisitQuitGuard(options);
}

class VisitQuitGuard implements QuitGuard {
  readonly #options: QuitGuardOptions;
  readonly #timeoutMs: number;
  #phase: QuitGuardPhase = 'running';

  constructor(options: QuitGuardOptions) {
    this.#options = options;
    this.#timeoutMs = options.finishTimeoutMs ?? 15_000;
  }

  get phase(): QuitGuardPhase {
    return this.#phase;
  }

  onBeforeQuit(): 'allow' | 'prevent' {
    if (this.#phase === 'quitting') return 'allow';
    if (this.#phase === 'asking' || this.#phase === 'finishing') return 'prevent';
    if (!this.#options.visit.isActive()) {
      this.#phase = 'quitting';
      return 'allow';
    }
    this.#phase = 'asking';
    void this.#ask();
    return 'prevent';
  }

  async onSessionEnd(): Promise<void> {
    if (this.#phase === 'quitting' || this.#phase === 'finishing') return;
    if (!this.#options.visit.isActive()) return;
    await this.#finishThenQuit();
  }

  async #finishThenQuit(): Promise<void> {
    this.#phase = 'finishing';
    const outcome = await finishWithin(this.#options.visit, this.#timeoutMs);
    if (outcome !== 'finished') this.#options.onDidFail?.(outcome);
    this.#phase = 'quitting';
    this.#options.quit();
  }

  async #ask(): Promise<void> {
    const choice = await this.#options.confirm().catch((): QuitChoice => 'keep-recording');
    if (choice === 'keep-recording') {
      this.#phase = 'running';
      return;
    }
    // The visit may have ended on its own while the dialog was open: then there is nothing to finish.
    if (!this.#options.visit.isActive()) {
      this.#phase = 'quitting';
      this.#options.quit();
      return;
    }
    await this.#finishThenQuit();
  }
}

async function finishWithin(
  visit: VisitLifecycle,
  timeoutMs: number,
): Promise<'finished' | 'finish_failed' | 'finish_timeout'> {
  const finished = visit.finish().then(
    () => 'finished' as const,
    () => 'finish_failed' as const,
  );
  return withTimeout(finished, timeoutMs, 'finish_timeout' as const);
}

/**
 * `will-quit` that lets the services close before the process ends: Electron does not wait for a promise,
 * so the first `will-quit` is held, `close` gets up to `timeoutMs`, then the app quits again and the second
 * passes. What closing does at quit (a running dictation finished, copied text cleared: the clipboard calls
 * are asynchronous) would otherwise be cut off; what runs past the time is recovered at the next start.
 */
export function closeBeforeExit(options: {
  readonly close: () => Promise<unknown>;
  readonly quit: () => void;
  readonly timeoutMs?: number;
  readonly onDidFail?: (code: 'close_failed' | 'close_timeout') => void;
}): (event: { preventDefault(): void }) => void {
  let closing = false;
  return (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    const closed = options.close().then(
      () => 'closed' as const,
      () => 'close_failed' as const,
    );
    void withTimeout(closed, options.timeoutMs ?? 5000, 'close_timeout' as const).then((outcome) => {
      if (outcome !== 'closed') options.onDidFail?.(outcome);
      options.quit();
    });
  };
}
