/**
 * What the local streaming service keeps of its sockets: the live ones (to cut them when the service
 * closes) and its timings. Nothing is kept of a socket once it is gone; what the tests record of sockets,
 * and the faults they inject, live in test/service/streaming-faults.ts (through the service's extension).
 */

/** Which socket family a connection belongs to. */
export type StreamKind = 'transcribe' | 'dictate';
/** Server callers use /v1/core/server, user callers /v1/core/user. */
export type CallerKind = 'server' | 'user';

/** Timings of the service, read at the moment they are used, so a test may change them mid-stream. */
export interface StreamingTimings {
  /** A declared stream (or a socket still without CONFIG) that gets no chunk this long fails with 83011. */
  silenceTimeoutMs: number;
  /** Delay between a chunk's arrival and its acknowledgement. */
  ackDelayMs: number;
  /** Delay between an acknowledgement and the items that audio completes. */
  recognitionLatencyMs: number;
  /** Delay between a misheard DICTATED_TEXT and its ASYNC_CORRECTION. */
  correctionDelayMs: number;
  /** More unacknowledged chunks than this on one stream fails the socket (100 chunks = 10 s). */
  maxUnackedChunks: number;
  /** Close code used after an error frame (close codes are not public). */
  errorCloseCode: number;
}

/** Defaults that follow public-facts.md. */
const DEFAULT_TIMINGS: StreamingTimings = {
  silenceTimeoutMs: 10_000,
  ackDelayMs: 0,
  recognitionLatencyMs: 300,
  correctionDelayMs: 300,
  maxUnackedChunks: 100,
  errorCloseCode: 1008,
};

/** The service's timings: the defaults, with `overrides` applied. */
export function streamingTimings(overrides: Partial<StreamingTimings> = {}): StreamingTimings {
  return { ...DEFAULT_TIMINGS, ...overrides };
}

/** What the registry may do to a live socket. */
export interface LiveSocket {
  terminate(): void;
}

/** The sockets still open. */
export class SocketRegistry {
  readonly #live = new Set<LiveSocket>();

  constructor(readonly timings: StreamingTimings) {}

  /** Cuts every open socket without a close frame (used to shut the service down). */
  terminateAll(): void {
    for (const s of [...this.#live]) s.terminate();
  }

  register(socket: LiveSocket): void {
    this.#live.add(socket);
  }

  unregister(socket: LiveSocket): void {
    this.#live.delete(socket);
  }
}
