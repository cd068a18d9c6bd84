/**
 * Stopping one broker instance during clinic without failing a desktop (issue 34). On SIGTERM the instance
 * says it is not ready (`GET /readyz` 503 `draining`) at once, ends every change stream with an SSE `retry:`
 * hint and refuses new ones (503 + Retry-After: the desktop goes to another instance), and asks every
 * client to close its connection after its answer; it keeps serving everything else while the load balancer
 * notices (`drainSec`). Only then does it stop listening, let the requests in flight finish (a token
 * exchange included) and close what is left.
 */
import type { Server, ServerResponse } from 'node:http';
import { delay } from '../../base/async/delay.ts';
import type { EventStreams } from './event-streams.ts';

/** The longest the requests in flight get once the listener is closed. */
const IN_FLIGHT_LIMIT_MS = 10_000;
/** The shortest reconnection hint a stream ends with. */
const SHORTEST_HINT_MS = 1_000;

/** One instance's way out. */
export class Shutdown {
  #draining: Promise<void> | undefined;

  constructor(
    private readonly drainMs: number,
    private readonly streams: EventStreams | undefined,
  ) {}

  /** Whether the instance is stopping (its readiness is then false). */
  get draining(): boolean {
    return this.#draining !== undefined;
  }

  /**
   * Drains `server`, then stops listening once the requests in flight are answered. Meanwhile every answer
   * asks its client to close the connection (the server's listener calls `answering`), so by the time the
   * listener closes no client holds an idle connection a request could be sent on as it closes.
   */
  drain(server: Server): Promise<void> {
    this.#draining ??= this.#drain(server);
    return this.#draining;
  }

  /** Called for each request: once draining, its connection is not kept for another. */
  answering(res: ServerResponse): void {
    if (this.#draining) res.setHeader('connection', 'close');
  }

  async #drain(server: Server): Promise<void> {
    this.streams?.drain(Math.max(SHORTEST_HINT_MS, this.drainMs));
    await delay(this.drainMs);
    await stopListening(server);
  }
}

/** Closes the listener, then the connections as they fall idle; past the limit, all of them. */
export function stopListening(server: Server, limitMs = IN_FLIGHT_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const limit = setTimeout(() => server.closeAllConnections(), limitMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(limit);
      resolve();
    });
    server.closeIdleConnections();
  });
}
