/**
 * When has the target finished reading a paste? What an `xclip -verbose` writer's log tells, and the rule
 * that turns it into "read".
 *
 * One Ctrl+V is several requests: Chromium reads the clipboard two or three times per paste (a textarea
 * twice, a rich-text field three times) and drops the whole paste when the clipboard changes in between
 * (issue 35). Nothing in X11 says "this was the last request", so the paste counts as read once requests
 * have stopped for a quiet time. The quiet time follows what this target has shown: requests come slowly on
 * a loaded machine, and a fixed 400 ms lost a sentence in CI with both cores busy. So it is the longest of
 * - twice the time the target took to make its first request after the paste chord,
 * - three times the longest wait seen between two requests of one paste of this target (earlier pastes and
 *   this one so far),
 * - a floor: longer for the first paste into a target (nothing is known of it yet);
 * within a ceiling. Until as many requests as this target's earlier pastes took have come, the ceiling is
 * the wait: its next one is still to come. Our own read (the guarded restore) comes only after a paste is
 * settled, so it is never counted as the target's.
 *
 * Reads seen to stop are not the paste done. Chromium drops a paste when the clipboard's owner changes
 * before its page has inserted it, and that last step shows nothing to the owner: here a new owner taken as
 * soon as a rich field's reads were over lost the paste in 1 of 4 tries, and with the page's process held
 * (SIGSTOP, as a loaded machine holds it) from its first read, in 2 of 4. On a loaded CI machine it lost a
 * dictation's first sentence 1.2 s after the last read. So a target not known to read once per paste (Tk
 * reads once, and has pasted by then) is given {@link READ_QUIET}.insertMs more before the paste counts
 * as read.
 */
import type { ChildProcess } from 'node:child_process';

/** What one target's earlier pastes showed. */
export interface ReadHistory {
  /** The most requests one paste took (Chromium: 2 or 3, Tk: 1); 0 before the first. */
  requests: number;
  /** The longest wait between two requests of one paste, in ms. */
  longestGapMs: number;
}

/** @internal exported for the tests */
export const READ_QUIET = { floorMs: 600, firstFloorMs: 1200, ceilingMs: 2500, insertMs: 2000 } as const;

/**
 * The quiet time after the latest request before the paste counts as read.
 * @internal exported for the tests
 */
export function quietAfter(
  history: ReadHistory,
  paste: { served: number; firstLatencyMs: number; longestGapMs: number },
): number {
  if (paste.served < history.requests) return READ_QUIET.ceilingMs;
  const floor = history.requests === 0 ? READ_QUIET.firstFloorMs : READ_QUIET.floorMs;
  const measured = Math.max(2 * paste.firstLatencyMs, 3 * Math.max(history.longestGapMs, paste.longestGapMs));
  return Math.min(READ_QUIET.ceilingMs, Math.max(floor, measured));
}

/**
 * What is added to the quiet time: nothing for a target known to read once per paste (its one read is its
 * paste), else the time a page may still take to check the clipboard and insert (see above).
 * @internal exported for the tests
 */
export function insertAfter(history: ReadHistory, paste: { served: number }): number {
  return history.requests === 1 && paste.served === 1 ? 0 : READ_QUIET.insertMs;
}

/** Requests an xclip -verbose writer has served so far, from its log ("…request number N" = N-1 served). */
function requestsServed(log: string): number {
  let waiting = 0;
  for (const m of log.matchAll(/request number (\d+)/g)) waiting = Math.max(waiting, Number(m[1]));
  return Math.max(0, waiting - 1);
}

/** What {@link watchReads} reports of one write. */
export interface WriteReads {
  /** Resolves once the writer serves the selection (its ownership may still be on its way to the server). */
  owning: Promise<void>;
  /** The caller saw the ownership reach the server: the target's latency counts from here. */
  owned(): void;
  /** Resolves at the first request served. */
  reading: Promise<void>;
  /** True once the target has finished reading; false when the writer exits having served none. */
  pasted: Promise<boolean>;
  /** What this paste showed, for the next one's history (resolves with `pasted`). */
  showed: Promise<ReadHistory>;
}

/** Follows an xclip -verbose writer's log for one write into a target with `history`. */
export function watchReads(child: ChildProcess, history: ReadHistory): WriteReads {
  const seen = { log: '', ownedAt: Infinity };
  const owning = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => reject(new Error('xclip exited')));
    const onData = (b: Buffer): void => {
      seen.log += b.toString();
      if (seen.log.includes('request number 1')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
  });
  return { owning, owned: () => (seen.ownedAt = performance.now()), ...readsSettled(child, history, seen) };
}

/** `reading`, `pasted` and `showed` of {@link watchReads}, from the log as it grows. */
function readsSettled(
  child: ChildProcess,
  history: ReadHistory,
  seen: { readonly log: string; readonly ownedAt: number },
): Pick<WriteReads, 'reading' | 'pasted' | 'showed'> {
  let report: (shown: ReadHistory) => void = () => undefined;
  let firstRead: () => void = () => undefined;
  const showed = new Promise<ReadHistory>((resolve) => (report = resolve));
  const reading = new Promise<void>((resolve) => (firstRead = resolve));
  const pasted = new Promise<boolean>((resolve) => {
    const paste = { served: 0, firstLatencyMs: 0, longestGapMs: 0, lastAt: 0 };
    let timer: NodeJS.Timeout | undefined;
    const done = (): void => {
      report({ requests: paste.served, longestGapMs: paste.longestGapMs });
      resolve(paste.served > 0);
    };
    const check = (): void => {
      const served = requestsServed(seen.log);
      if (served === paste.served) return;
      const now = performance.now();
      if (paste.served === 0) paste.firstLatencyMs = Math.max(0, now - seen.ownedAt);
      else paste.longestGapMs = Math.max(paste.longestGapMs, now - paste.lastAt);
      paste.served = served;
      paste.lastAt = now;
      firstRead();
      clearTimeout(timer);
      timer = setTimeout(done, quietAfter(history, paste) + insertAfter(history, paste));
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
  });
  return { reading, pasted, showed };
}
