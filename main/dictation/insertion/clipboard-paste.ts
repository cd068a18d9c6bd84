/**
 * Paste through the clipboard without leaving patient text in it: the clipboard is snapshotted once before
 * our first write of a run of pastes, our text is written marked transient (excluded from history and
 * cloud clipboard), the paste chord is sent, and after `restoreDelayMs` without another paste the old
 * content is put back — only if the clipboard still holds our text (the person may have copied something
 * meanwhile: that is theirs and stays).
 */
import type { ClipboardSnapshot, Desktop, InsertionClipboard, PasteChord } from '../../../native/desktop.ts';
import { delay } from '../../events/delay.ts';
import { SerialQueue } from '../../events/serial.ts';
import { withTimeout } from '../../events/timeout.ts';

/** Timings of a paste. Public apps wait 450–1200 ms before restoring (dictation-notes.md). */
export interface PasteTimings {
  /** Quiet time after the last paste before the old clipboard comes back. */
  readonly restoreDelayMs: number;
  /** Longest wait for the target to read the clipboard before our next write may replace it. */
  readonly readWaitMs: number;
  /** Wait after the chord where the clipboard cannot say it was read (Electron's clipboard). */
  readonly settleMs: number;
}

const DEFAULT_PASTE_TIMINGS: PasteTimings = { restoreDelayMs: 800, readWaitMs: 500, settleMs: 60 };

/** Serialized pastes with one snapshot per run and a guarded restore. */
export class ClipboardPaster {
  readonly #clipboard: InsertionClipboard;
  readonly #desktop: Desktop;
  readonly #timings: PasteTimings;
  #snapshot: ClipboardSnapshot | undefined;
  #ours: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #queue = new SerialQueue();
  #unconfirmedUntil = 0;

  constructor(clipboard: InsertionClipboard, desktop: Desktop, timings: Partial<PasteTimings> = {}) {
    this.#clipboard = clipboard;
    this.#desktop = desktop;
    this.#timings = { ...DEFAULT_PASTE_TIMINGS, ...timings };
  }

  /** Pastes `text` with `chord`; resolves once the target has read it (or the wait ran out). */
  paste(text: string, chord: PasteChord): Promise<void> {
    return this.#queue.run(async () => {
      clearTimeout(this.#timer);
      this.#snapshot ??= await this.#clipboard.snapshot();
      const written = await this.#clipboard.writeTransient(text);
      this.#ours = text;
      await this.#desktop.sendPaste(chord);
      const read = written.pasted
        ? await withTimeout(written.pasted, this.#timings.readWaitMs, false)
        : (await delay(this.#timings.settleMs), false);
      // Unconfirmed, the target may still be reading: a flush must not restore before the usual delay.
      this.#unconfirmedUntil = read ? 0 : Date.now() + this.#timings.restoreDelayMs;
      this.#timer = setTimeout(
        () => void this.#queue.run(() => this.#restore()),
        this.#timings.restoreDelayMs,
      );
    });
  }

  /** Restores now (when still ours) instead of after the delay: end of a dictation. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    return this.#queue.run(async () => {
      await delay(Math.max(0, this.#unconfirmedUntil - Date.now()));
      await this.#restore();
    });
  }

  async #restore(): Promise<void> {
    const snapshot = this.#snapshot;
    const ours = this.#ours;
    this.#snapshot = undefined;
    this.#ours = undefined;
    if (!snapshot || ours === undefined) return;
    if ((await this.#clipboard.readText()) === ours) await this.#clipboard.restore(snapshot);
  }
}
