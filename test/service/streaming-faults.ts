/**
 * Fault injection and records for the local service's streaming WebSockets (tests only): cut a socket at a
 * chunk, delay or withhold what the service sends, cut dictated text into other units, refuse the next
 * upgrade, inject error frames and closes;
 * each socket's record (socket-tap.ts) and each refused upgrade. It wraps the service's upgrades and sockets
 * through the service's extension (main/programs/local-service/extension.ts); the sample visit runs without it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { refuseUpgrade, type StreamingTimings } from '../../main/programs/local-service/ws/index.ts';
import type { ServiceExtension, StreamSocket } from '../../main/programs/local-service/index.ts';
import { PASS_THROUGH } from '../../main/programs/local-service/extension.ts';
import { Emitter } from '../../main/base/async/emitter.ts';
import { SocketTap, type SocketRecord, type TapOwner } from './socket-tap.ts';

export type { SocketRecord } from './socket-tap.ts';

/** An upgrade the service refused before any WebSocket existed. */
export interface RejectedUpgrade {
  readonly path: string;
  readonly status: number;
}

interface DropFault {
  readonly seqId: number;
  readonly streamId: string | undefined;
  /** Only sockets with an id at least this high are affected ('next' = sockets opened after the call). */
  readonly minSocketId: number;
}

const STREAMING_PATH = /^\/v1\/core\/(server|user)\/(transcribe|dictate)-ws$/;
const UPGRADE_FAULTS = { 401: 'expired', 503: 'unavailable' } as const;

type RegistryEvent = 'socket' | 'frame' | 'closed' | 'rejected';
type Listener = (value: never, type: string) => void;

/** What the control attaches to: the service's timings and the `Date` of its refusals. */
interface ServiceSide {
  timings: StreamingTimings;
  httpDate?: () => string;
}

/**
 * The streaming side's fault injection and records. Events: 'socket' (SocketRecord) when a socket opens,
 * 'frame' (SocketRecord, type) per frame read, 'closed' (SocketRecord), 'rejected' (RejectedUpgrade).
 */
export class StreamingControl implements TapOwner {
  readonly sockets: SocketRecord[] = [];
  readonly rejected: RejectedUpgrade[] = [];
  readonly #live = new Map<number, SocketTap>();
  readonly #drops: DropFault[] = [];
  readonly #upgradeFailures: Array<401 | 503> = [];
  readonly #events = {
    socket: new Emitter<SocketRecord>(),
    frame: new Emitter<[SocketRecord, string]>(),
    closed: new Emitter<SocketRecord>(),
    rejected: new Emitter<RejectedUpgrade>(),
  };
  readonly #removers = new Map<Listener, Array<() => void>>();
  #withheld = false;
  /** Sockets from this id on have their DICTATED_TEXT units joined two by two. */
  #joinFrom: number | undefined;
  #side: ServiceSide | undefined;
  #nextId = 1;

  /** Binds the control to the service whose extension it is. */
  attach(side: ServiceSide): this {
    this.#side = side;
    return this;
  }

  /** The service extension this control is (HTTP passes through). */
  extension(): ServiceExtension {
    return {
      http: PASS_THROUGH.http,
      upgrade: (req, socket, accept) => this.#upgrade(req, socket, accept),
      socket: (socket, req) => this.#socket(socket, req),
    };
  }

  get timings(): StreamingTimings {
    if (!this.#side) throw new Error('StreamingControl used before its service was attached');
    return this.#side.timings;
  }

  /** The id the next socket will get. */
  get nextSocketId(): number {
    return this.#nextId;
  }

  on(event: RegistryEvent, listener: Listener): this {
    const remove =
      event === 'frame'
        ? this.#events.frame.on(([record, type]) => listener(record as never, type))
        : (this.#events[event] as Emitter<unknown>).on((value) => listener(value as never, ''));
    this.#removers.set(listener, [...(this.#removers.get(listener) ?? []), remove]);
    return this;
  }

  off(_event: RegistryEvent, listener: Listener): this {
    for (const remove of this.#removers.get(listener) ?? []) remove();
    this.#removers.delete(listener);
    return this;
  }

  /** Cuts a socket (no close frame) when `seqId` arrives: on the next socket opened, or on any socket. */
  dropOnSeq(seqId: number, options: { on?: 'next' | 'any'; streamId?: string } = {}): void {
    this.#drops.push({
      seqId,
      streamId: options.streamId,
      minSocketId: options.on === 'any' ? 0 : this.#nextId,
    });
  }

  /** Delays every acknowledgement by `ms` from now on. */
  setAckDelay(ms: number): void {
    this.timings.ackDelayMs = ms;
  }

  /**
   * Stalls the service (true): it sends nothing more, acknowledgements and the answer to END included.
   * False resumes: each stream's latest acknowledgement goes out, then everything else held, in order.
   */
  withholdAcks(on: boolean): void {
    this.#withheld = on;
    if (!on) for (const tap of this.#live.values()) tap.release();
  }

  get acksWithheld(): boolean {
    return this.#withheld;
  }

  /**
   * From the next socket on, the service sends each two DICTATED_TEXT units as one (the second's text after
   * the first's). The contract does not say where units are cut, only that they are appended as they come:
   * a real service may cut a replay's text differently from the first time. Nothing else changes (the same
   * text, in order; a unit left over goes out before any other frame or the close).
   */
  joinDictatedText(): void {
    this.#joinFrom = this.#nextId;
  }

  joinsText(socketId: number): boolean {
    return this.#joinFrom !== undefined && socketId >= this.#joinFrom;
  }

  /** Makes the next upgrade fail: 401 as for an expired token, or 503. Calls queue up. */
  failNextUpgrade(status: 401 | 503): void {
    this.#upgradeFailures.push(status);
  }

  /** Sends an error frame with any code (known or not) to one open socket or all; closes if asked. */
  sendError(
    error: { code: number; name?: string; message?: string },
    options: { socketId?: number; closeCode?: number } = {},
  ): number {
    const frame = {
      code: error.code,
      name: error.name ?? 'INJECTED_ERROR',
      message: error.message ?? 'Injected error.',
    };
    return this.#each(options.socketId, (tap) => tap.injectError(frame, options.closeCode));
  }

  /** Closes one open socket or all with the given close code. */
  closeSockets(code: number, options: { socketId?: number; reason?: string } = {}): number {
    return this.#each(options.socketId, (tap) => tap.injectClose(code, options.reason ?? ''));
  }

  /** Cuts every open socket without a close frame. */
  terminateAll(): void {
    for (const tap of [...this.#live.values()]) tap.terminate();
  }

  /** Records of the sockets still open. */
  openSockets(): SocketRecord[] {
    return [...this.#live.values()].map((tap) => tap.record);
  }

  takeDrop(socketId: number, streamId: string, seqId: number): boolean {
    const i = this.#drops.findIndex(
      (d) =>
        d.seqId === seqId &&
        socketId >= d.minSocketId &&
        (d.streamId === undefined || d.streamId === streamId),
    );
    if (i < 0) return false;
    this.#drops.splice(i, 1);
    return true;
  }

  onFrame(record: SocketRecord, type: string): void {
    this.#events.frame.emit([record, type]);
  }

  onClosed(tap: SocketTap): void {
    this.#live.delete(tap.record.id);
    this.#events.closed.emit(tap.record);
  }

  #upgrade(req: IncomingMessage, socket: Duplex, accept: () => void): void {
    const path = new URL(req.url ?? '/', 'http://service.local').pathname;
    if (!STREAMING_PATH.test(path)) return accept();
    this.#watchRefusal(path, socket);
    const injected = this.#upgradeFailures.shift();
    if (injected === undefined) return accept();
    const date = this.#side?.httpDate?.() ?? new Date().toUTCString();
    refuseUpgrade(socket, UPGRADE_FAULTS[injected], date);
  }

  /** Notes the HTTP status of a refused upgrade (the service answers one with `end`, an accepted one not). */
  #watchRefusal(path: string, socket: Duplex): void {
    const end = socket.end.bind(socket) as (chunk: string) => Duplex;
    socket.end = ((chunk: string) => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(String(chunk))?.[1]);
      if (status) {
        const rejected = { path, status };
        this.rejected.push(rejected);
        this.#events.rejected.emit(rejected);
      }
      return end(chunk);
    }) as typeof socket.end;
  }

  #socket(socket: StreamSocket, req: IncomingMessage): StreamSocket {
    const url = new URL(req.url ?? '/', 'http://service.local');
    const [, caller, kind] = STREAMING_PATH.exec(url.pathname)!;
    const record: SocketRecord = {
      id: this.#nextId++,
      kind: kind as SocketRecord['kind'],
      caller: caller as SocketRecord['caller'],
      apiVersion: url.searchParams.get('nabla-api-version'),
      authVia: req.headers.authorization === undefined ? 'subprotocol' : 'header',
      framesReceived: 0,
      framesByType: {},
      chunksByStream: {},
      config: undefined,
      errorsSent: [],
      state: 'open',
    };
    this.sockets.push(record);
    const tap = new SocketTap(socket, record, this);
    this.#live.set(record.id, tap);
    this.#events.socket.emit(record);
    return tap;
  }

  #each(socketId: number | undefined, act: (tap: SocketTap) => void): number {
    const targets = [...this.#live.values()].filter(
      (t) => socketId === undefined || t.record.id === socketId,
    );
    for (const tap of targets) act(tap);
    return targets.length;
  }
}
