/**
 * Fault injection and observation for the local streaming service. Tests (and the sample service's
 * operator) use it to break things on purpose and to see what the client actually sent.
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

/** What the control needs from a live socket. */
export interface LiveSocket {
  readonly record: SocketRecord;
  sendError(code: number, name: string, message: string, closeCode: number | undefined): void;
  close(code: number, reason: string): void;
  releaseAcks(): void;
  terminate(): void;
}

interface DropFault {
  readonly seqId: number;
  readonly streamId: string | undefined;
  /** Only sockets with an id at least this high are affected ('next' = sockets opened after the call). */
  readonly minSocketId: number;
}

/**
 * Fault injection and records. Events: 'socket' (SocketRecord) when a socket opens, 'frame'
 * (SocketRecord, type) per frame received, 'closed' (SocketRecord), 'rejected' (RejectedUpgrade).
 */
export class StreamingControl extends EventEmitter {
  readonly timings: StreamingTimings;
  readonly sockets: SocketRecord[] = [];
  readonly rejected: RejectedUpgrade[] = [];
  private readonly live = new Map<number, LiveSocket>();
  private readonly drops: DropFault[] = [];
  private readonly upgradeFailures: Array<401 | 503> = [];
  /** The organization's pinned version, used when a socket names none (set from the service's options). */
  pinnedApiVersion: string = DEFAULT_PINNED_VERSION;
  private withheld = false;
  private nextId = 1;

  constructor(timings: Partial<StreamingTimings> = {}) {
    super();
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
  }

  /** Cuts a socket (no close frame) when `seqId` arrives: on the next socket opened, or on any socket. */
  dropOnSeq(seqId: number, options: { on?: 'next' | 'any'; streamId?: string } = {}): void {
    this.drops.push({
      seqId,
      streamId: options.streamId,
      minSocketId: options.on === 'any' ? 0 : this.nextId,
    });
  }

  /** Delays every acknowledgement by `ms` from now on. */
  setAckDelay(ms: number): void {
    this.timings.ackDelayMs = ms;
  }

  /**
   * Stops acknowledging (true), as a stalled service would: an END that arrives meanwhile waits too. False
   * resumes: everything received so far is acknowledged and a waiting END is handled.
   */
  withholdAcks(on: boolean): void {
    this.withheld = on;
    if (!on) for (const s of this.live.values()) s.releaseAcks();
  }

  get acksWithheld(): boolean {
    return this.withheld;
  }

  /** Makes the next upgrade fail: 401 as for an expired token, or 503. Calls queue up. */
  failNextUpgrade(status: 401 | 503): void {
    this.upgradeFailures.push(status);
  }

  /** Sends an error frame with any code (known or not) to one open socket or all; closes if asked. */
  sendError(
    error: { code: number; name?: string; message?: string },
    options: { socketId?: number; closeCode?: number } = {},
  ): number {
    const targets = this.targets(options.socketId);
    for (const s of targets) {
      s.sendError(
        error.code,
        error.name ?? 'INJECTED_ERROR',
        error.message ?? 'Injected error.',
        options.closeCode,
      );
    }
    return targets.length;
  }

  /** Closes one open socket or all with the given close code. */
  closeSockets(code: number, options: { socketId?: number; reason?: string } = {}): number {
    const targets = this.targets(options.socketId);
    for (const s of targets) s.close(code, options.reason ?? '');
    return targets.length;
  }

  /** Cuts every open socket without a close frame (also used to shut the service down). */
  terminateAll(): void {
    for (const s of [...this.live.values()]) s.terminate();
  }

  /** Records of the sockets still open. */
  openSockets(): SocketRecord[] {
    return [...this.live.values()].map((s) => s.record);
  }

  private targets(socketId: number | undefined): LiveSocket[] {
    return [...this.live.values()].filter((s) => socketId === undefined || s.record.id === socketId);
  }

  // ---- used by the service itself ----

  /** @internal Consumes a queued upgrade failure. */
  takeUpgradeFailure(): 401 | 503 | undefined {
    return this.upgradeFailures.shift();
  }

  /** @internal */
  noteRejected(rejected: RejectedUpgrade): void {
    this.rejected.push(rejected);
    this.emit('rejected', rejected);
  }

  /** @internal Allocates the record of a new socket. */
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

  /** @internal */
  register(socket: LiveSocket): void {
    this.live.set(socket.record.id, socket);
    this.emit('socket', socket.record);
  }

  /** @internal */
  unregister(socket: LiveSocket): void {
    this.live.delete(socket.record.id);
    this.emit('closed', socket.record);
  }

  /** @internal Whether the chunk `seqId` of `streamId` on socket `socketId` triggers a drop (consumed). */
  takeDrop(socketId: number, streamId: string, seqId: number): boolean {
    const i = this.drops.findIndex(
      (d) =>
        d.seqId === seqId &&
        socketId >= d.minSocketId &&
        (d.streamId === undefined || d.streamId === streamId),
    );
    if (i < 0) return false;
    this.drops.splice(i, 1);
    return true;
  }
}
