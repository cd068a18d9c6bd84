/**
 * A small in-process fake of the streaming service, for unit tests only (integration tests use the real
 * local service in main/programs/local-service/ws/). It checks the bearer token at the upgrade (401 otherwise), records
 * every frame, acks chunks cumulatively per stream, and "recognises" synthetic audio: test chunks carry
 * their session chunk number + 1 in every sample, and every 10 consecutive numbers (1–10, 11–20, …) form
 * one sentence "s<k>", reported with offsets relative to the socket, as the real service does. A socket
 * whose audio begins inside a sentence hears its tail only and reports it as "s<k> tail", as a real
 * recogniser would transcribe the words it got.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AccessTokenSource } from '../../../../main/core/api/auth/token-source.ts';
import { pingRoundTrip } from '../../../harness/ping-round-trip.ts';

export interface ReceivedChunk {
  seq: number;
  streamId: string | undefined;
  /** The marker value (session chunk number + 1), 0 for silence. */
  marker: number;
}

/** One accepted connection. */
export class PeerConnection {
  config: Record<string, unknown> | undefined;
  readonly chunks: ReceivedChunk[] = [];
  ended = false;
  closed = false;
  /** Seq id of the first chunk heard of the sentence being recognised, per stream. */
  readonly #sentenceStart = new Map<string, { seq: number; tail: boolean }>();
  #nextItem = 0;
  #pings = 0;

  constructor(
    readonly ws: WebSocket,
    readonly url: URL,
    readonly protocol: string,
    readonly authorization: string | undefined,
  ) {}

  send(frame: object | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  close(code = 1000): void {
    this.ws.close(code);
  }

  /**
   * Pings the client and resolves on its pong. The client's socket answers in order, so every frame it
   * sent before it read the ping has been received here by then: the positive signal for "nothing more
   * came" (its WebSocket answers pings by itself, without the session).
   */
  roundTrip(): Promise<void> {
    return pingRoundTrip(this.ws, ++this.#pings);
  }

  /** Cuts the TCP connection without a close frame (a network drop). */
  terminate(): void {
    this.ws.terminate();
  }

  /** Sends the recognition result a chunk completes (transcribe), if any. */
  recognise(chunk: ReceivedChunk, options: { partials: boolean; dictate: boolean }): void {
    if (chunk.marker === 0) return;
    const key = chunk.streamId ?? '';
    const position = (chunk.marker - 1) % 10;
    if (position === 0 || !this.#sentenceStart.has(key))
      this.#sentenceStart.set(key, { seq: chunk.seq, tail: position !== 0 });
    const { seq: startSeq, tail } = this.#sentenceStart.get(key)!;
    const sentence = Math.floor((chunk.marker - 1) / 10);
    if (options.dictate) {
      if (position === 9) this.send({ type: 'DICTATED_TEXT', text: `w${sentence} ` });
      return;
    }
    const id = `i${sentence}-${this.#nextItem}`;
    const speaker = key === 'patient' ? 'PATIENT' : 'DOCTOR';
    const base = {
      type: 'TRANSCRIPT_ITEM',
      id,
      speaker_type: speaker,
      locale: 'ENGLISH_US',
      start_offset_ms: startSeq * 100,
    };
    if (position === 4 && options.partials)
      this.send({
        ...base,
        text: `s${sentence} part`,
        end_offset_ms: (chunk.seq + 1) * 100,
        is_final: false,
      });
    if (position === 9) {
      this.send({
        ...base,
        text: tail ? `s${sentence} tail` : `s${sentence}`,
        end_offset_ms: (chunk.seq + 1) * 100,
        is_final: true,
        extra_field: 'kept',
      });
      this.#nextItem++;
      this.#sentenceStart.delete(key);
    }
  }
}

export interface FakePeerOptions {
  acceptedTokens: string[];
  /** Ack every chunk at once (default true). */
  autoAck?: boolean;
  /** Recognise synthetic audio (default true). */
  recognise?: boolean;
  partials?: boolean;
  dictate?: boolean;
  /** Close the socket after END (default true). */
  closeOnEnd?: boolean;
}

/** The fake service. */
export class FakePeer {
  readonly connections: PeerConnection[] = [];
  readonly rejectedTokens: string[] = [];
  onChunk: ((conn: PeerConnection, chunk: ReceivedChunk) => void) | undefined;
  onConnection: ((conn: PeerConnection) => void) | undefined;
  /** A network outage: every upgrade is cut before it is answered. */
  down = false;
  readonly #server: Server;
  readonly #wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => [...protocols][0] ?? false,
  });
  #connectionWaiters: (() => void)[] = [];

  constructor(readonly options: FakePeerOptions) {
    this.#server = createServer();
    this.#server.on('upgrade', (req, socket, head) => {
      if (this.down) {
        socket.destroy();
        return;
      }
      const auth = req.headers.authorization;
      const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
      if (!token || !this.options.acceptedTokens.includes(token)) {
        if (token) this.rejectedTokens.push(token);
        socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      this.#wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = new PeerConnection(ws, new URL(req.url ?? '/', 'http://x'), ws.protocol, auth);
        this.connections.push(conn);
        ws.on('message', (data) => this.#onMessage(conn, data.toString()));
        ws.on('close', () => (conn.closed = true));
        this.onConnection?.(conn);
        for (const wake of this.#connectionWaiters.splice(0)) wake();
      });
    });
  }

  /** Starts listening on a free loopback port; returns the base URL. */
  async listen(): Promise<URL> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return new URL(`http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`);
  }

  async close(): Promise<void> {
    for (const client of this.#wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Resolves once `count` connections were accepted. */
  async waitForConnections(count: number): Promise<PeerConnection> {
    while (this.connections.length < count)
      await new Promise<void>((resolve) => this.#connectionWaiters.push(resolve));
    return this.connections[count - 1]!;
  }

  /** Sends a cumulative ack for everything received on `conn` (per stream). */
  ackAll(conn: PeerConnection): void {
    const last = new Map<string | undefined, number>();
    for (const chunk of conn.chunks) last.set(chunk.streamId, chunk.seq);
    for (const [streamId, seq] of last)
      conn.send(
        streamId === undefined
          ? { type: 'AUDIO_CHUNK_ACK', ack_id: seq }
          : { type: 'AUDIO_CHUNK_ACK', ack_id: seq, stream_id: streamId },
      );
  }

  #onMessage(conn: PeerConnection, text: string): void {
    const frame = JSON.parse(text) as { type: string; seq_id?: number; stream_id?: string; payload?: string };
    if (frame.type === 'CONFIG') conn.config = frame;
    else if (frame.type === 'AUDIO_CHUNK') {
      const pcm = Buffer.from(frame.payload ?? '', 'base64');
      const chunk: ReceivedChunk = {
        seq: frame.seq_id ?? -1,
        streamId: frame.stream_id,
        marker: pcm.length >= 2 ? pcm.readInt16LE(0) : 0,
      };
      conn.chunks.push(chunk);
      if (this.options.autoAck ?? true) {
        conn.send(
          chunk.streamId === undefined
            ? { type: 'AUDIO_CHUNK_ACK', ack_id: chunk.seq }
            : { type: 'AUDIO_CHUNK_ACK', ack_id: chunk.seq, stream_id: chunk.streamId },
        );
      }
      if (this.options.recognise ?? true)
        conn.recognise(chunk, {
          partials: this.options.partials ?? true,
          dictate: this.options.dictate ?? false,
        });
      this.onChunk?.(conn, chunk);
    } else if (frame.type === 'END') {
      conn.ended = true;
      if (this.options.closeOnEnd ?? true) setTimeout(() => conn.close(1000), 5);
    }
  }
}

/** A chunk whose every sample is `marker` (session chunk number + 1). */
export function markerChunk(marker: number): Int16Array {
  return new Int16Array(1600).fill(marker);
}

/** An AccessTokenSource fake that hands out `tokens[0]`, then the next one at each renewal. */
export class FakeTokens implements AccessTokenSource {
  readonly caller = 'user' as const;
  readonly renewed: string[] = [];
  #index = 0;
  constructor(readonly tokens: string[]) {}
  async token(): Promise<string> {
    return this.tokens[this.#index]!;
  }
  async renew(rejected: string): Promise<string> {
    this.renewed.push(rejected);
    if (this.#index + 1 >= this.tokens.length) throw new Error('no more tokens');
    this.#index++;
    return this.tokens[this.#index]!;
  }
}

export { until } from '../../../harness/until.ts';
