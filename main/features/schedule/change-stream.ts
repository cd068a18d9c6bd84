/**
 * Listens to the broker's change stream (`GET /v1/events`, server-sent events): each
 * `appointments-changed` event (it carries nothing) calls `onChange`, and so does each stream that opens,
 * since the list may have changed while none was open (a webhook delivered while a broker instance was
 * down is not lost: the desktop re-lists). Between streams it waits, spread at random over [w, 2w] so that
 * thousands of desktops dropped at once by a broker restart do not come back in the same second (issue 34):
 * w is the broker's hint when it gave one (the SSE `retry:` field of a stream it ended, or `Retry-After`
 * of a refusal), else 2 s after a stream that was open, else a wait that doubles from 1 s to 60 s while
 * streams fail. Stops when `signal` aborts. Nothing it reads or sends is logged.
 */
import { delay, type Delay } from '../../base/async/delay.ts';

const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 60_000;
/** After a stream that was open ends without a hint (an instance killed), in first waits. */
const AFTER_OPEN_FACTOR = 2;

/** What one listener needs. */
export interface ChangeStreamOptions {
  url: URL;
  token: () => string | undefined;
  onChange: () => void;
  signal: AbortSignal;
  fetcher?: typeof fetch;
  /** The waits between attempts (tests shorten them). */
  firstWaitMs?: number;
  /** Tests drive the spread and the waits. */
  random?: () => number;
  wait?: Delay;
}

/** How one stream went. */
interface Outcome {
  opened: boolean;
  /** The broker's reconnection hint, in ms. */
  hintMs?: number | undefined;
}

/** Starts listening; returns at once. */
export function watchChanges(options: ChangeStreamOptions): void {
  void loop(options);
}

async function loop(options: ChangeStreamOptions): Promise<void> {
  const first = options.firstWaitMs ?? FIRST_WAIT_MS;
  const random = options.random ?? Math.random;
  let failing = first;
  while (!options.signal.aborted) {
    const outcome = await listenOnce(options).catch((): Outcome => ({ opened: false }));
    if (options.signal.aborted) return;
    failing = outcome.opened ? first : Math.min(failing * 2, LONGEST_WAIT_MS);
    const base = outcome.hintMs ?? (outcome.opened ? first * AFTER_OPEN_FACTOR : failing);
    await (options.wait ?? delay)(base * (1 + random()), options.signal);
  }
}

/** One stream, read until it ends. */
async function listenOnce(options: ChangeStreamOptions): Promise<Outcome> {
  const token = options.token();
  if (!token) return { opened: false };
  const response = await (options.fetcher ?? fetch)(options.url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return { opened: false, hintMs: retryAfterMs(response.headers.get('retry-after')) };
  }
  // Whatever the list was while the stream was down, it may have changed.
  options.onChange();
  const decoder = new TextDecoder();
  let pending = '';
  let hintMs: number | undefined;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const lines = pending.slice(0, end).split('\n');
      pending = pending.slice(end + 2);
      if (lines.includes('event: appointments-changed')) options.onChange();
      const retry = lines.find((line) => /^retry: ?\d+$/.test(line));
      if (retry) hintMs = Math.min(Number(retry.slice(6)), LONGEST_WAIT_MS);
    }
  }
  return { opened: true, hintMs };
}

/** `Retry-After` in seconds (the broker never sends a date), as ms, bounded. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Math.min(Number(header) * 1000, LONGEST_WAIT_MS);
}
