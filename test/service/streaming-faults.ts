/**
 * Fault injection for the local service's streaming WebSockets (tests only): cut a socket at a chunk,
 * delay or withhold acknowledgements, refuse the next upgrade, inject error frames and closes. It reaches
 * the service through the `StreamingFaultSource` hooks and the socket registry; the app's sample visit runs
 * the service without it (main/local-service/demo.ts).
 */
import type {
  LiveSocket,
  RejectedUpgrade,
  SocketRecord,
  SocketRegistry,
  StreamingFaultSource,
  StreamingTimings,
} from '../../main/local-service/ws/registry.ts';

interface DropFault {
  readonly seqId: number;
  readonly streamId: string | undefined;
  /** Only sockets with an id at least this high are affected ('next' = sockets opened after the call). */
  readonly minSocketId: number;
}

type UpgradeFault = NonNullable<ReturnType<StreamingFaultSource['takeUpgradeFault']>>;

const UPGRADE_FAULTS: Record<401 | 503, UpgradeFault> = {
  401: { kind: 'expired', reason: 'injected: token expired' },
  503: { kind: 'unavailable', reason: 'injected: unavailable' },
};

type RegistryEvent = 'socket' | 'frame' | 'closed' | 'rejected';
type Listener = Parameters<SocketRegistry['on']>[1];

/**
 * The streaming side's fault injection and records. Events (from the registry): 'socket' (SocketRecord)
 * when a socket opens, 'frame' (SocketRecord, type) per frame received, 'closed' (SocketRecord),
 * 'rejected' (RejectedUpgrade).
 */
export class StreamingControl implements StreamingFaultSource {
  readonly #drops: DropFault[] = [];
  readonly #upgradeFailures: Array<401 | 503> = [];
  #withheld = false;
  #registry: SocketRegistry | undefined;

  /** Binds the control to the registry of a service started with this control as its fault source. */
  attach(registry: SocketRegistry): this {
    this.#registry = registry;
    return this;
  }

  get #service(): SocketRegistry {
    if (!this.#registry) throw new Error('StreamingControl used before its service was attached');
    return this.#registry;
  }

  get timings(): StreamingTimings {
    return this.#service.timings;
  }

  get sockets(): SocketRecord[] {
    return this.#service.sockets;
  }

  get rejected(): RejectedUpgrade[] {
    return this.#service.rejected;
  }

  on(event: RegistryEvent, listener: Listener): this {
    this.#service.on(event, listener);
    return this;
  }

  off(event: RegistryEvent, listener: Listener): this {
    this.#service.off(event, listener);
    return this;
  }

  /** Cuts a socket (no close frame) when `seqId` arrives: on the next socket opened, or on any socket. */
  dropOnSeq(seqId: number, options: { on?: 'next' | 'any'; streamId?: string } = {}): void {
    this.#drops.push({
      seqId,
      streamId: options.streamId,
      minSocketId: options.on === 'any' ? 0 : this.#service.nextSocketId,
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
    this.#withheld = on;
    if (!on) for (const s of this.#service.liveSockets()) s.releaseAcks();
  }

  get acksWithheld(): boolean {
    return this.#withheld;
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
    return this.#each(options.socketId, (s) =>
      s.sendError(
        error.code,
        error.name ?? 'INJECTED_ERROR',
        error.message ?? 'Injected error.',
        options.closeCode,
      ),
    );
  }

  /** Closes one open socket or all with the given close code. */
  closeSockets(code: number, options: { socketId?: number; reason?: string } = {}): number {
    return this.#each(options.socketId, (s) => s.close(code, options.reason ?? ''));
  }

  /** Cuts every open socket without a close frame. */
  terminateAll(): void {
    this.#service.terminateAll();
  }

  /** Records of the sockets still open. */
  openSockets(): SocketRecord[] {
    return this.#service.openSockets();
  }

  takeUpgradeFault(): UpgradeFault | undefined {
    const status = this.#upgradeFailures.shift();
    return status === undefined ? undefined : UPGRADE_FAULTS[status];
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

  #each(socketId: number | undefined, act: (socket: LiveSocket) => void): number {
    const targets = this.#service.liveSockets(socketId);
    for (const s of targets) act(s);
    return targets.length;
  }
}
