/**
 * Text left on the clipboard when insertion falls back to copying (a stop, a refused field, copy mode) is
 * patient data: it is cleared after a time the clinician is told (setting/policy
 * `dictationClipboardClearSeconds`), and only if the clipboard still holds exactly our text — anything the
 * person or another program copied since is left alone.
 */
import type { InsertionClipboard } from '../../../../native/desktop.ts';

/** How a scheduled clear ended. */
type ClearOutcome = 'cleared' | 'kept' | 'cancelled';

/** A clear waiting for its time. */
export interface ScheduledClear {
  /** When it is due (wall-clock ms): what the overlay and the dictation box count down to. */
  readonly at: number;
  /** Its delay in whole seconds, as the clinician set it (or IT did). */
  readonly seconds: number;
  cancel(): void;
  /** Resolves once the time came and the clipboard was checked (or the clear was cancelled). */
  readonly done: Promise<ClearOutcome>;
}

/**
 * After `afterMs`, replaces `text` on the clipboard with nothing if it is still there. The timer does not
 * keep the process alive: a program that exits first leaves the text (the app runs on; the CLI says so).
 */
export function clearCopiedLater(
  clipboard: InsertionClipboard,
  text: string,
  afterMs: number,
): ScheduledClear {
  let cancel = (): void => undefined;
  const done = new Promise<ClearOutcome>((resolve) => {
    const timer = setTimeout(() => {
      clearIfOurs(clipboard, text).then(resolve, () => resolve('kept'));
    }, afterMs);
    timer.unref();
    cancel = () => {
      clearTimeout(timer);
      resolve('cancelled');
    };
  });
  return { at: Date.now() + afterMs, seconds: Math.ceil(afterMs / 1000), cancel, done };
}

async function clearIfOurs(clipboard: InsertionClipboard, text: string): Promise<ClearOutcome> {
  if ((await clipboard.readText()) !== text) return 'kept';
  await clipboard.writeTransient('');
  // Hands the (empty) clipboard to whatever serves it after us, as after any copy.
  await clipboard.close();
  return 'cleared';
}
