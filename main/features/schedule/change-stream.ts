/**
 * Listens to the broker's change stream (`GET /v1/events`, server-sent events): each
 * `appointments-changed` event (it carries nothing) calls `onChange`. A dropped or refused stream is
 * opened again after a wait that doubles from 1 s to 60 s, and starts at 1 s again once a stream opened.
 * Stops when `signal` aborts. Nothing it reads or sends is logged.
 */
import { delay } from '../../base/async/delay.ts';

const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 60_000;

/** What one listener needs. */
export interface ChangeStreamOptions {
  url: URL;
  token: () => string | undefined;
  onChange: () => void;
  signal: AbortSignal;
  fetcher?: typeof fetch;
  /** The waits between attempts (tests shorten them). */
  firstWaitMs?: number;
}

/** Starts listening; returns at once. */
export function watchChanges(options: ChangeStreamOptions): void {
  void loop(options);
}

async function loop(options: ChangeStreamOptions): Promise<void> {
  const first = options.firstWaitMs ?? FIRST_WAIT_MS;
  let wait = first;
  while (!options.signal.aborted) {
    const opened = await listenOnce(options).catch(() => false);
    if (options.signal.aborted) return;
    wait = opened ? first : Math.min(wait * 2, LONGEST_WAIT_MS);
    await delay(wait, options.signal);
  }
}

/** One stream, read until it ends; whether it opened. */
async function listenOnce(options: ChangeStreamOptions): Promise<boolean> {
  const token = options.token();
  if (!token) return false;
  const response = await (options.fetcher ?? fetch)(options.url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return false;
  }
  // Whatever the list was while the stream was down, it may have changed.
  options.onChange();
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const event = pending.slice(0, end);
      pending = pending.slice(end + 2);
      if (event.split('\n').includes('event: appointments-changed')) options.onChange();
    }
  }
  return true;
}
