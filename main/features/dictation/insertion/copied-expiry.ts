/**
 * Text left on the clipboard when insertion falls back to copying (a stop, a refused field, copy mode) is
 * patient data: it is cleared after a time the clinician is told (setting/policy
 * `dictationClipboardClearSeconds`), and only if the clipboard still holds exactly our text — anything the
 * person or another program copied since is left alone.
 */
import type { InsertionClipboard } from '../../../../native/desktop.ts';
import type { DictationMessage } from '../../../../preload/contract/index.ts';
import type { InsertOutcome } from '../ports.ts';

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

/** The clear each clipboard waits for: a new copy supersedes it (only the newest copy can still be there). */
const pending = new Map<InsertionClipboard, PendingClear>();

interface PendingClear extends ScheduledClear {
  /** Clears now, not at its time (quitting). */
  now(): Promise<ClearOutcome>;
}

/**
 * After `afterMs`, replaces `text` on the clipboard with nothing if it is still there. The timer does not
 * keep the process alive: a program that exits first leaves the text unless it calls `clearCopiedNow` (the
 * app does at quit; the CLI says it leaves it).
 */
export function clearCopiedLater(
  clipboard: InsertionClipboard,
  text: string,
  afterMs: number,
): ScheduledClear {
  // The same text copied again must get its full time: an earlier clear would take it early.
  pending.get(clipboard)?.cancel();
  const scheduled = schedule(clipboard, text, afterMs);
  pending.set(clipboard, scheduled);
  void scheduled.done.then(() => {
    if (pending.get(clipboard) === scheduled) pending.delete(clipboard);
  });
  return scheduled;
}

/**
 * Quitting: every copy still waiting for its clear is cleared now, if the clipboard still holds it (on
 * Windows and macOS the clipboard outlives the app, so the text would otherwise stay there for good).
 */
export async function clearCopiedNow(): Promise<void> {
  const all = [...pending.values()];
  pending.clear();
  await Promise.all(all.map((clear) => clear.now()));
}

function schedule(clipboard: InsertionClipboard, text: string, afterMs: number): PendingClear {
  let settle: (outcome: ClearOutcome) => void = () => undefined;
  const done = new Promise<ClearOutcome>((resolve) => (settle = resolve));
  let due = true;
  const run = (): Promise<ClearOutcome> => {
    clearTimeout(timer);
    if (!due) return done;
    due = false;
    clearIfOurs(clipboard, text).then(settle, () => settle('kept'));
    return done;
  };
  const timer = setTimeout(() => void run(), afterMs);
  timer.unref();
  const cancel = (): void => {
    clearTimeout(timer);
    if (due) settle('cancelled');
    due = false;
  };
  return { at: Date.now() + afterMs, seconds: Math.ceil(afterMs / 1000), cancel, done, now: run };
}

async function clearIfOurs(clipboard: InsertionClipboard, text: string): Promise<ClearOutcome> {
  if ((await clipboard.readText()) !== text) return 'kept';
  await clipboard.writeTransient('');
  // Hands the (empty) clipboard to whatever serves it after us, as after any copy.
  await clipboard.close();
  return 'cleared';
}

/**
 * Text copied instead of inserted (or by the box's Copy), with `clear` announced: the message carries when
 * the clipboard is cleared (the overlay and the box count down to it), and the outcome when it was.
 */
export function copiedOutcome(reason: DictationMessage, clear: ScheduledClear | null): InsertOutcome {
  if (!clear) return { kind: 'copied', reason };
  const clipboard = { state: 'pending', seconds: clear.seconds, at: clear.at } as const;
  return { kind: 'copied', reason: { ...reason, clipboard }, cleared: clear.done };
}

/** A clear of `text` after the clinician's (or IT's) seconds; null when copied text is never cleared. */
export function clearAfterSeconds(
  clipboard: InsertionClipboard,
  seconds: () => number,
): (text: string) => ScheduledClear | null {
  return (text) => {
    const after = seconds();
    return after > 0 ? clearCopiedLater(clipboard, text, after * 1000) : null;
  };
}
