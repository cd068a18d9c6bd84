/**
 * The change stream (`GET /v1/events`, server-sent events) of one broker instance, bounded (issue 32): at
 * most MAX_STREAMS_PER_CLINICIAN open at once per clinician (one more is `429 TOO_MANY_STREAMS`), and each
 * ends when the token it was opened with expires, or after MAX_STREAM_MS, whichever is first; the desktop
 * then opens a new one, whose token is checked again. Each keep-alive asks whether the service still has
 * the clinician active: a deactivation ends it too. When the instance stops (SIGTERM) every stream ends
 * with an SSE `retry:` hint and new ones are refused 503 + Retry-After (issue 34).
 *
 * The keep-alives come from one timer per instance, not one per stream (issue 34, memory per stream): every
 * TICK_MS it writes to the streams of one of TICKS groups in turn, so each stream still hears one every
 * KEEP_ALIVE_MS and the instance's streams are spread over the period (no burst of writes, nor of the
 * deactivation checks they ask the service, every 25 s).
 */
import type { ServerResponse } from 'node:http';
import type { ActiveClinicians } from './active-clinicians.ts';
import { BrokerRefusal } from './refusal.ts';

/** Streams one clinician may hold open on one instance (a few windows or computers). */
const MAX_STREAMS_PER_CLINICIAN = 4;
/** The longest a stream stays open, whatever its token's expiry. */
const MAX_STREAM_MS = 3_600_000;
const KEEP_ALIVE_MS = 25_000;
/** Groups of streams, one swept a tick. */
const TICKS = 25;
const TICK_MS = KEEP_ALIVE_MS / TICKS;

/** A stream as its instance keeps it: a keep-alive now and then, and a way to end it with a hint. */
export interface HeldStream {
  keepAlive(): void;
  close(retryMs: number): void;
}

/** Open streams per clinician on this instance. */
export class EventStreams {
  readonly #open = new Map<string, number>();
  readonly #groups: Set<HeldStream>[] = Array.from({ length: TICKS }, () => new Set());
  /** The group the next tick sweeps. */
  #next = 0;
  #held = 0;
  #timer: NodeJS.Timeout | undefined;
  #drainRetryMs: number | undefined;

  /** Streams open now (the metrics). */
  get size(): number {
    return this.#held;
  }

  /**
   * Takes a place for the clinician's stream; the function gives it back. TOO_MANY_STREAMS when full,
   * BROKER_DRAINING (503 + Retry-After) once the instance is stopping: the desktop goes to another.
   */
  take(externalId: string): () => void {
    if (this.#drainRetryMs !== undefined)
      throw new BrokerRefusal('BROKER_DRAINING', { retryAfterSec: Math.ceil(this.#drainRetryMs / 1000) });
    const count = this.#open.get(externalId) ?? 0;
    if (count >= MAX_STREAMS_PER_CLINICIAN) throw new BrokerRefusal('TOO_MANY_STREAMS');
    this.#open.set(externalId, count + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.#open.get(externalId) ?? 1) - 1;
      if (left > 0) this.#open.set(externalId, left);
      else this.#open.delete(externalId);
    };
  }

  /** Keeps an open stream (its first keep-alive a whole period from now); the function forgets it. */
  hold(stream: HeldStream): () => void {
    // The group swept last comes round again in TICKS ticks.
    const group = this.#groups[(this.#next + TICKS - 1) % TICKS]!;
    group.add(stream);
    this.#held += 1;
    this.#timer ??= setInterval(() => this.#tick(), TICK_MS);
    return () => {
      if (!group.delete(stream)) return;
      this.#held -= 1;
      if (this.#held > 0) return;
      clearInterval(this.#timer);
      this.#timer = undefined;
    };
  }

  /** The instance is stopping: every stream ends with a reconnection hint, and no new one opens. */
  drain(retryMs: number): void {
    this.#drainRetryMs = retryMs;
    for (const stream of this.#groups.flatMap((group) => [...group])) stream.close(retryMs);
  }

  #tick(): void {
    const group = this.#groups[this.#next]!;
    this.#next = (this.#next + 1) % TICKS;
    for (const stream of group) stream.keepAlive();
  }
}

/** What one stream needs. */
export interface StreamParts {
  res: ServerResponse;
  externalId: string;
  /** When the token the stream was opened with expires (ms since the epoch), if it says. */
  expiresAtMs: number | undefined;
  now: number;
  active: Pick<ActiveClinicians, 'check'>;
  /** This instance's streams, which close this one with a hint when it stops. */
  streams: Pick<EventStreams, 'hold'>;
  subscribe: (listener: () => void) => () => void;
  /** Writes the stream's head; returns how to send one event. */
  open: (res: ServerResponse) => (event: string) => void;
}

/** Opens one stream (its place already taken) and ends it at its token's expiry or its longest life. */
export function runStream(parts: StreamParts, release: () => void): void {
  const { res } = parts;
  const send = parts.open(res);
  const unsubscribe = parts.subscribe(() => send('appointments-changed'));
  const lifeMs = Math.min(MAX_STREAM_MS, (parts.expiresAtMs ?? Infinity) - parts.now);
  const expiry = setTimeout(() => res.end(), Math.max(0, lifeMs));
  const unhold = parts.streams.hold({
    keepAlive: () => {
      res.write(': keep-alive\n\n');
      parts.active.check(parts.externalId, false).catch((error: unknown) => {
        if (error instanceof BrokerRefusal && error.refusal === 'USER_DEACTIVATED') res.end();
      });
    },
    // SSE's own field: the desktop waits about this long (spread) before it opens a stream again.
    close: (retryMs) => res.end(`retry: ${retryMs}\n\n`),
  });
  res.on('close', () => {
    unhold();
    clearTimeout(expiry);
    unsubscribe();
    release();
  });
}
