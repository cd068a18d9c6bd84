/**
 * What the local streaming service keeps of its sockets: each socket's record (what the client sent, what
 * it was told, how it closed), the live sockets, and the service's timings. Fault injection is the tests'
 * (test/service/streaming-faults.ts): it reaches the service only through the `StreamingFaultSource` hooks.
 */
import { EventEmitter } from 'node:events';
import { DEFAULT_PINNED_VERSION } from '../versions.ts';

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

/** What the service saw of one socket. Kept after the socket closes. */
export interface SocketRecord {
  readonly id: number;
  readonly kind: StreamKind;
  readonly caller: CallerKind;
  /** The `nabla-api-version` query parameter, or null when the client sent none. */
  readonly apiVersion: string | null;
  readonly authVia: 'header' | 'subprotocol';
  framesReceived: number;
  framesByType: Record<string, number>;
  /** Audio chunks received per stream id ('' for dictation). */
  chunksByStream: Record<string, number>;
  /** The accepted CONFIG frame. */
  config: unknown;
  /** Error codes sent to the client. */
  errorsSent: number[];
  state: 'open' | 'closed';
  closeCode?: number;
  /** 'terminated' means the connection was cut without a close frame. */
  closedBy?: 'server' | 'client' | 'terminated';
}

/** An upgrade the service refused before any WebSocket existed. */
export interface RejectedUpgrade {
  readonly path: string;
  readonly status: number;
  readonly reason: string;
}

/** What the registry (and the tests' fault injection) may do to a live socket. */
export interface LiveSocket {
  readonly record: SocketRecord;
  sendError(code: number, name: string, message: string, closeCode: number | undefined): void;
  close(code: number, reason: string): void;
  releaseAcks(): void;
  terminate(): void;
}

/** What a fault injector may ask of the service: none in the app, the tests' in test/service. */
export interface StreamingFaultSource {
  /** A refusal for the next upgrade (as if the token expired, or the service were down), consumed. */
  takeUpgradeFault(): { kind: 'expired' | 'unavailable'; reason: string } | undefined;
  /** Whether the chunk `seqId` of `streamId` on socket `socketId` cuts the connection (consumed). */
  takeDrop(socketId: number, streamId: string, seqId: number): boolean;
  /** While true nothing is acknowledged (a stalled service); releasing calls each socket's releaseAcks. */
  readonly acksWithheld: boolean;
}

/** No faults: the service as it runs for the sample visit. */
export const NO_STREAMING_FAULTS: StreamingFaultSource = {
  takeUpgradeFault: () => undefined,
  takeDrop: () => false,
  acksWithheld: false,
};

/**
 * The sockets' records and the live sockets. Events: 'socket' (SocketRecord) when a socket opens, 'frame'
 * (SocketRecord, type) per frame received, 'closed' (SocketRecord), 'rejected' (RejectedUpgrade).
 */
export class SocketRegistry extends EventEmitter {
  readonly timings: StreamingTimings;
  readonly sockets: SocketRecord[] = [];
  readonly rejected: RejectedUpgrade[] = [];
  private readonly live = new Map<number, LiveSocket>();
  /** The organization's pinned version, used when a socket names none (set from the service's options). */
  pinnedApiVersion: string = DEFAULT_PINNED_VERSION;
  private nextId = 1;

  constructor(timings: Partial<StreamingTimings> = {}) {
    super();
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
  }

  /** The id the next socket will get. */
  get nextSocketId(): number {
    return this.nextId;
  }

  /** Cuts every open socket without a close frame (also used to shut the service down). */
  terminateAll(): void {
    for (const s of [...this.live.values()]) s.terminate();
  }

  /** Records of the sockets still open. */
  openSockets(): SocketRecord[] {
    return [...this.live.values()].map((s) => s.record);
  }

  /** The sockets still open, or the one with `socketId`. */
  liveSockets(socketId?: number): LiveSocket[] {
    return [...this.live.values()].filter((s) => socketId === undefined || s.record.id === socketId);
  }

  /** Notes an upgrade refused before any WebSocket existed. */
  noteRejected(rejected: RejectedUpgrade): void {
    this.rejected.push(rejected);
    this.emit('rejected', rejected);
  }

  /** Allocates the record of a new socket. */
  newRecord(init: Pick<SocketRecord, 'kind' | 'caller' | 'apiVersion' | 'authVia'>): SocketRecord {
    const record: SocketRecord = {
      id: this.nextId++,
      ...init,
      framesReceived: 0,
      framesByType: {},
      chunksByStream: {},
      config: undefined,
      errorsSent: [],
      state: 'open',
    };
    this.sockets.push(record);
    return record;
  }

  register(socket: LiveSocket): void {
    this.live.set(socket.record.id, socket);
    this.emit('socket', socket.record);
  }

  unregister(socket: LiveSocket): void {
    this.live.delete(socket.record.id);
    this.emit('closed', socket.record);
  }
}
