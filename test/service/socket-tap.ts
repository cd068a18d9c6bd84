/**
 * One streaming socket as the tests see it: the record of what the client sent and was told (kept after the
 * socket closes), and the faults applied to its traffic (a cut at a chunk, withheld frames). It sits
 * between the service's session and the real socket, through the service's extension: the session does not
 * know it is there.
 */
import { randomUUID } from 'node:crypto';
import type { StreamSocket } from '../../main/programs/local-service/index.ts';
import { WS_ERRORS } from '../../main/programs/local-service/ws/frames.ts';
import type { CallerKind, StreamKind } from '../../main/programs/local-service/ws/index.ts';

/** What the service saw of one socket. Kept after the socket closes. */
export interface SocketRecord {
  readonly id: number;
  readonly kind: StreamKind;
  readonly caller: CallerKind;
  /** The `nabla-api-version` query parameter, or null when the client sent none. */
  readonly apiVersion: string | null;
  readonly authVia: 'header' | 'subprotocol';
  /** Frames the session read (none after END, an error or a close). */
  framesReceived: number;
  framesByType: Record<string, number>;
  /** Audio chunks accepted per stream id ('' for dictation). */
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

/** What a tap asks of the control that made it. */
export interface TapOwner {
  /** While true the service sends nothing (a stalled service); release() then sends what it held. */
  readonly acksWithheld: boolean;
  /** Whether the socket's DICTATED_TEXT units go out joined two by two. */
  joinsText(socketId: number): boolean;
  /** Whether the chunk `seqId` of `streamId` on socket `socketId` cuts the connection (consumed). */
  takeDrop(socketId: number, streamId: string, seqId: number): boolean;
  onFrame(record: SocketRecord, type: string): void;
  onClosed(tap: SocketTap): void;
}

/** The session's socket, watched and faulted. */
export class SocketTap implements StreamSocket {
  readonly #messageListeners: Array<(text: string, isBinary: boolean) => void> = [];
  /** Frames (and the close) the session sent while the service was stalled. */
  #held: string[] = [];
  #heldClose: { code: number; reason: string } | undefined;
  /** The session reads nothing more (END, an error or a close). */
  #done = false;
  #closedBySession = false;
  #lastError: number | undefined;
  #endSeen = false;
  /** A DICTATED_TEXT unit waiting for the next one to be joined to (joinsText). */
  #heldUnit: { type: string; text: string } | undefined;

  constructor(
    private readonly inner: StreamSocket,
    readonly record: SocketRecord,
    private readonly owner: TapOwner,
  ) {
    inner.onMessage((text, isBinary) => this.#inbound(text, isBinary));
    inner.onClose((code) => {
      record.state = 'closed';
      record.closeCode = code;
      record.closedBy ??= 'client';
      owner.onClosed(this);
    });
  }

  onMessage(listener: (text: string, isBinary: boolean) => void): void {
    this.#messageListeners.push(listener);
  }

  onClose(listener: (code: number) => void): void {
    this.inner.onClose(listener);
  }

  get open(): boolean {
    return this.inner.open;
  }

  send(text: string): void {
    const frame = JSON.parse(text) as { type?: string; code?: number; text?: string };
    if (this.owner.joinsText(this.record.id) && frame.type === 'DICTATED_TEXT') {
      const held = this.#heldUnit;
      this.#heldUnit = held ? undefined : { type: 'DICTATED_TEXT', text: frame.text ?? '' };
      if (!held) return;
      return this.#out(JSON.stringify({ ...held, text: held.text + (frame.text ?? '') }));
    }
    if (frame.type !== 'AUDIO_CHUNK_ACK') this.#flushUnit();
    this.#out(text);
  }

  #flushUnit(): void {
    const held = this.#heldUnit;
    this.#heldUnit = undefined;
    if (held) this.#out(JSON.stringify(held));
  }

  #out(text: string): void {
    const frame = JSON.parse(text) as { type?: string; code?: number };
    if (frame.type === 'ERROR_MESSAGE' && typeof frame.code === 'number') {
      this.record.errorsSent.push(frame.code);
      this.#lastError = frame.code;
    }
    // A stalled service acknowledges nothing and so recognizes nothing; its errors still go out, until
    // END arrived (its answer to END waits as a whole).
    const stalled = this.owner.acksWithheld && (this.#endSeen || frame.type !== 'ERROR_MESSAGE');
    if (stalled) this.#held.push(text);
    else this.inner.send(text);
  }

  close(code: number, reason: string): void {
    this.#flushUnit();
    this.#done = true;
    this.#closedBySession = true;
    if (this.record.state === 'open') this.record.closedBy ??= 'server';
    if (this.owner.acksWithheld && this.#endSeen) this.#heldClose = { code, reason };
    else this.inner.close(code, reason);
  }

  terminate(): void {
    this.#done = true;
    this.#closedBySession = true;
    this.record.closedBy = 'terminated';
    this.inner.terminate();
  }

  /** Sends what the session sent while stalled: the last acknowledgement of each stream first, then the rest. */
  release(): void {
    const held = this.#held.splice(0);
    const acks = new Map<string, string>();
    const rest: string[] = [];
    for (const text of held) {
      const frame = JSON.parse(text) as { type?: string; stream_id?: string };
      if (frame.type === 'AUDIO_CHUNK_ACK') acks.set(frame.stream_id ?? '', text);
      else rest.push(text);
    }
    for (const text of [...acks.values(), ...rest]) if (this.inner.open) this.inner.send(text);
    const close = this.#heldClose;
    this.#heldClose = undefined;
    if (close) this.inner.close(close.code, close.reason);
  }

  /** An error frame (any code) straight to the client, as if the service sent it; closes if asked. */
  injectError(error: { code: number; name: string; message: string }, closeCode: number | undefined): void {
    this.record.errorsSent.push(error.code);
    const frame = { type: 'ERROR_MESSAGE', ...error, trace_id: randomUUID() };
    if (this.inner.open) this.inner.send(JSON.stringify(frame));
    if (closeCode !== undefined) this.injectClose(closeCode, error.name);
  }

  /** Closes with a close frame, as if the service did. */
  injectClose(code: number, reason: string): void {
    if (this.record.state === 'open') this.record.closedBy ??= 'server';
    this.inner.close(code, reason);
  }

  #inbound(text: string, isBinary: boolean): void {
    if (this.#done) return this.#deliver(text, isBinary);
    const frame = parseFrame(text, isBinary);
    const type = frame && 'type' in frame ? String(frame.type) : '(none)';
    this.record.framesReceived++;
    this.record.framesByType[type] = (this.record.framesByType[type] ?? 0) + 1;
    this.owner.onFrame(this.record, type);
    const streamId = this.record.kind === 'dictate' ? '' : String(frame?.stream_id ?? '');
    if (type === 'AUDIO_CHUNK' && typeof frame?.seq_id === 'number') {
      if (this.owner.takeDrop(this.record.id, streamId, frame.seq_id)) return this.terminate();
    }
    if (type === 'END') this.#done = this.#endSeen = true;
    this.#closedBySession = false;
    this.#lastError = undefined;
    this.#deliver(text, isBinary);
    // The service counts a chunk it took (the one over the in-flight limit too), not one it refused.
    const accepted = !this.#closedBySession || this.#lastError === WS_ERRORS.tooMuchInFlight.code;
    if (type === 'CONFIG' && !this.#closedBySession) this.record.config = frame;
    if (type === 'AUDIO_CHUNK' && accepted)
      this.record.chunksByStream[streamId] = (this.record.chunksByStream[streamId] ?? 0) + 1;
  }

  #deliver(text: string, isBinary: boolean): void {
    for (const listener of this.#messageListeners) listener(text, isBinary);
  }
}

function parseFrame(text: string, isBinary: boolean): Record<string, unknown> | undefined {
  if (isBinary) return undefined;
  try {
    const frame: unknown = JSON.parse(text);
    return typeof frame === 'object' && frame !== null ? (frame as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
