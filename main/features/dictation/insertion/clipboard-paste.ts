/**
 * Paste through the clipboard without leaving patient text in it: the clipboard is snapshotted once before
 * our first write of a run of pastes, our text is written marked transient (excluded from history and
 * cloud clipboard), the paste chord is sent, and after `restoreDelayMs` without another paste the old
 * content is put back — only if the clipboard still holds our text (the person may have copied something
 * meanwhile: that is theirs and stays).
 *
 * A restore that fails on its timer (the clipboard helper gone) is never left as an unhandled rejection:
 * the snapshot is kept (so flush() tries again and a later paste does not take our text for theirs), and
 * the next paste() rejects with a {@link ClipboardRestoreError}, the way any paste failure reaches the
 * insertion (which stops with `insert_failed`). The error carries a code only, never clipboard text.
 */
import type {
  ClipboardSnapshot,
  Desktop,
  InsertionClipboard,
  PasteChord,
} from '../../../../native/desktop.ts';
import { delay } from '../../../base/async/delay.ts';
import { SerialQueue } from '../../../base/async/serial.ts';
import { withTimeout } from '../../../base/async/timeout.ts';

/** Timings of a paste. Public apps wait 450–1200 ms before restoring (dictation-notes.md). */
export interface PasteTimings {
  /** Quiet time after the last paste before the old clipboard comes back. */
  readonly restoreDelayMs: number;
  /**
   * Longest wait for the target to start reading the clipboard; a paste it never read in this time was not
   * taken (reported, never followed by the next write as if it had been). Generous: a busy EHR or a loaded
   * desktop can take a second to read.
   */
  readonly readWaitMs: number;
  /**
   * Where the clipboard cannot say it was read (Electron's clipboard, Windows): how long after the chord
   * the clipboard is left as it is — long enough for a browser, which reads the clipboard two or three
   * times per paste, up to about 500 ms after the chord on an idle machine here (issue 35). It holds the
   * next clipboard write, not the paste: keys sent meanwhile (a correction, a line break) queue behind the
   * chord in the target's input and need not wait (under Wine each "scratch that" waited it out: ~550 ms).
   */
  readonly settleMs: number;
  /**
   * The settle time where, besides, the field cannot be read back to cut it short (a web page without the
   * desktop's accessibility): a browser drops a paste when the clipboard changes before its page has
   * inserted it, which a loaded machine delays well past its reads (native/x11/clipboard-reads.ts gives
   * X11, where reads can be seen, the same margin).
   */
  readonly blindSettleMs: number;
}

const DEFAULT_PASTE_TIMINGS: PasteTimings = {
  restoreDelayMs: 800,
  readWaitMs: 3000,
  settleMs: 500,
  blindSettleMs: 2500,
};

/** How often a readable field is looked at while the last paste settles. */
const SHOWN_POLL_MS = 10;

/** A target still reading after this long has taken the paste (it reads; it is just slow). */
const READING_LIMIT_MS = 15_000;

/** Whether the target took a paste: it read the clipboard, it did not, or this clipboard cannot tell. */
export type PasteOutcome = 'read' | 'unread' | 'unknown';

/**
 * The clipboard could not be put back. Its message is fixed: neither the clipboard's text nor the helper's
 * words.
 * @internal exported for the tests (the insertion only needs that paste() rejects)
 */
export class ClipboardRestoreError extends Error {
  readonly code = 'clipboard_restore_failed';

  constructor() {
    super('The clipboard could not be restored.');
    this.name = 'ClipboardRestoreError';
  }
}

/** Serialized pastes with one snapshot per run and a guarded restore. */
export class ClipboardPaster {
  readonly #clipboard: InsertionClipboard;
  readonly #desktop: Desktop;
  readonly #timings: PasteTimings;
  #snapshot: ClipboardSnapshot | undefined;
  #ours: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #queue = new SerialQueue();
  /** A flush restores no earlier than this (the timed restore's own time). */
  #restoreNotBefore = 0;
  /** Where reads cannot be seen: until when the clipboard stays as the last paste left it. */
  #settlesAt = 0;
  /** Whether the field shows the last paste (a readable field): it was read, the settle time is over. */
  #shown: (() => Promise<boolean>) | undefined;
  /** A timed restore failed; the next paste reports it. */
  #restoreFailed = false;
  /** The field was read back showing a paste: later pastes given no `shown` (a correction's) are not blind. */
  #readable = false;

  constructor(clipboard: InsertionClipboard, desktop: Desktop, timings: Partial<PasteTimings> = {}) {
    this.#clipboard = clipboard;
    this.#desktop = desktop;
    this.#timings = { ...DEFAULT_PASTE_TIMINGS, ...timings };
  }

  /**
   * Pastes `text` with `chord`; resolves once the target has finished reading it ('read'), the wait ran out
   * without any read ('unread': the text is not in the field), or at once where reads cannot be seen
   * ('unknown'; the next paste then waits out the settle time before it writes the clipboard). `shown` (a
   * readable field) tells whether the field shows the text: a target shows a paste only once it has read
   * it, so that ends the settle time.
   */
  paste(text: string, chord: PasteChord, shown?: () => Promise<boolean>): Promise<PasteOutcome> {
    return this.#queue.run(async () => {
      clearTimeout(this.#timer);
      if (this.#restoreFailed) {
        this.#restoreFailed = false;
        throw new ClipboardRestoreError();
      }
      this.#snapshot ??= await this.#clipboard.snapshot();
      await this.#settled();
      const written = await this.#clipboard.writeTransient(text);
      this.#ours = text;
      await this.#desktop.sendPaste(chord);
      const read = written.pasted ? await this.#readBy(written.pasted, written.reading) : undefined;
      const blind = !shown && !this.#readable;
      if (read === undefined)
        this.#settlesAt = Date.now() + (blind ? this.#timings.blindSettleMs : this.#timings.settleMs);
      this.#shown = read === undefined ? shown : undefined;
      // A flush never restores before the usual delay (counted from the end of the settle time). Unconfirmed,
      // the target may still be reading; seen reading, it may still be about to paste: Chromium drops a
      // paste when the clipboard changed since its reads, and under load it checks well after its last read
      // (a correction's paste, the last of a dictation, was lost to the restore at once in CI).
      const quiet = Math.max(0, this.#settlesAt - Date.now()) + this.#timings.restoreDelayMs;
      this.#restoreNotBefore = Date.now() + quiet;
      this.#timer = setTimeout(() => this.#restoreLater(), quiet);
      return read === undefined ? 'unknown' : read ? 'read' : 'unread';
    });
  }

  /**
   * The field was read back showing the last paste (the insertion's own read-back after the write): a
   * target shows a paste only once it has read it, so its settle time is over, as when `shown` says so at
   * the next paste, without reading the field again then. The restore keeps its delay. The field can be
   * read, too: a later paste given no `shown` (a correction's) waits the settle time, not the blind one.
   */
  sawShown(): void {
    this.#settlesAt = Math.min(this.#settlesAt, Date.now());
    this.#shown = undefined;
    this.#readable = true;
  }

  /** The last paste's settle time is over, or cut short once its field shows it. */
  async #settled(): Promise<void> {
    const shown = this.#shown;
    this.#shown = undefined;
    for (;;) {
      const left = this.#settlesAt - Date.now();
      if (left <= 0) return;
      if (!shown) return delay(left);
      if (await shown().catch(() => false)) return;
      await delay(Math.min(SHOWN_POLL_MS, left));
    }
  }

  /**
   * Whether the target took the paste: it must start reading within `readWaitMs`; once it has, its reads
   * are waited out however slow (a loaded machine), within {@link READING_LIMIT_MS}.
   */
  async #readBy(pasted: Promise<boolean>, reading: Promise<void> | undefined): Promise<boolean> {
    if (!reading) return withTimeout(pasted, this.#timings.readWaitMs, false);
    // Nothing read before the writer went (`pasted` false) is as good as nothing read in time.
    const started = await withTimeout(
      Promise.race([reading.then(() => true), pasted]),
      this.#timings.readWaitMs,
      false,
    );
    return started ? withTimeout(pasted, READING_LIMIT_MS, true) : false;
  }

  /** Restores (when still ours) once the last paste's delay is over, without waiting for more: end of a dictation. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#restoreFailed = false;
    return this.#queue.run(async () => {
      await delay(Math.max(0, this.#restoreNotBefore - Date.now()));
      await this.#restore();
    });
  }

  #restoreLater(): void {
    this.#queue
      .run(() => this.#restore())
      .catch(() => {
        this.#restoreFailed = true;
      });
  }

  /** Puts the snapshot back when the clipboard still holds our text; keeps it when that fails. */
  async #restore(): Promise<void> {
    const snapshot = this.#snapshot;
    const ours = this.#ours;
    if (!snapshot || ours === undefined) return;
    try {
      if ((await this.#clipboard.readText()) === ours) await this.#clipboard.restore(snapshot);
    } catch {
      throw new ClipboardRestoreError();
    }
    this.#snapshot = undefined;
    this.#ours = undefined;
  }
}
