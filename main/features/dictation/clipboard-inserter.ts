/**
 * The inserter where no desktop layer could be opened (no X display, a Wayland session without XWayland,
 * a missing system library): every dictation's text is copied (marked transient) and the overlay says why,
 * so dictation still works and nothing is lost — the text is also in the dictation box and history.
 */
import { copiedOutcome, type ScheduledClear } from './insertion/copied-expiry.ts';
import type { InsertOutcome, Inserter, InsertionRun, InsertTarget } from './ports.ts';

/** Copy-only insertion; the copied text is cleared at its time (dictationClipboardClearSeconds). */
export class ClipboardInserter implements Inserter {
  readonly #copy: (text: string) => Promise<unknown>;
  readonly #clearLater: (text: string) => ScheduledClear | null;

  constructor(
    copy: (text: string) => Promise<unknown>,
    clearLater: (text: string) => ScheduledClear | null = () => null,
  ) {
    this.#copy = copy;
    this.#clearLater = clearLater;
  }

  async captureTarget(): Promise<InsertTarget | null> {
    return null;
  }

  async begin(): Promise<InsertionRun> {
    return runThatEndsWith((text) => this.insertAgain(text));
  }

  async insertAgain(text: string): Promise<InsertOutcome> {
    if (text === '') return { kind: 'box', reason: { code: 'nothing_dictated' } };
    await this.#copy(text);
    return copiedOutcome({ code: 'copy_only_system' }, this.#clearLater(text));
  }
}

/**
 * A run that inserts nothing while the dictation lasts (no target: nothing to update, hold, undo or read
 * back) and hands the final text to `finish` (the clipboard, or the box).
 */
export function runThatEndsWith(finish: (text: string) => Promise<InsertOutcome>): InsertionRun {
  return {
    update: () => undefined,
    setHeld: () => undefined,
    userTyped: () => undefined,
    onCorrectedInBox: () => () => undefined,
    finish,
    discard: () => undefined,
    between: (action) => action(),
    undo: async () => 'not_ours',
  };
}
