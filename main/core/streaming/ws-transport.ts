/**
 * The thin transport over the `ws` package: opens one authenticated socket to /transcribe-ws or
 * /dictate-ws, hands text frames up, keeps the connection honest with ping/pong, and reports how it ended.
 * Everything protocol-specific lives in the sessions.
 */
import WebSocket from 'ws';
import { PROTOCOL, prefixFor, type CallerKind } from '../api/protocol.ts';
import { joinUrl, toWebSocketUrl } from '../api/base-url.ts';
import { StreamingError } from './streaming-error.ts';

/**
 * Largest frame accepted from the service. Its frames are a transcript item, an ack, a dictated unit or an
 * error, a few kilobytes at most; a larger one closes the socket (1009) instead of filling memory, and the
 * session treats it as a drop (nothing is lost: audio is kept until final text covers it).
 */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** Which streaming endpoint. */
export type StreamingEndpoint = 'transcribe-ws' | 'dictate-ws';

/** `${wsBase}/v1/core/{server|user}/{endpoint}?nabla-api-version=…`. */
export function streamingUrl(
  baseUrl: URL,
  caller: CallerKind,
  endpoint: StreamingEndpoint,
  apiVersion: string = PROTOCOL.apiVersion,
): URL {
  return toWebSocketUrl(
    joinUrl(baseUrl, `${prefixFor(caller)}/${endpoint}`, { [PROTOCOL.versionQueryParam]: apiVersion }),
  );
}

/** The subprotocol of an endpoint. */
export function subprotocolFor(endpoint: StreamingEndpoint): string {
  return endpoint === 'transcribe-ws' ? PROTOCOL.transcribeSubprotocol : PROTOCOL.dictateSubprotocol;
}

/** How a socket ended: the close code, and why when it was us who ended it. */
export interface SocketClosed {
  code: number;
  /** 'ping_timeout' when we cut a silent connection, 'terminated' when we cut it for another reason. */
  reason: 'peer' | 'ping_timeout' | 'terminated';
}

export interface OpenSocketOptions {
  url: URL;
  token: string;
  subprotocol: string;
  handshakeTimeoutMs?: number;
  /** Interval of WebSocket pings; a missing pong by the next ping counts as a drop. 0 disables. */
  pingIntervalMs?: number;
  onFrame(text: string): void;
  onClose(closed: SocketClosed): void;
}

/** One open socket. */
export interface StreamSocket {
  /** Sends a JSON frame; false when the socket is no longer open (the caller treats it as a drop). */
  send(frame: object): boolean;
  /** Bytes queued in the kernel side (not proof of arrival: only acks are). */
  readonly bufferedAmount: number;
  /** Cuts the connection at once; onClose follows with reason 'terminated'. */
  terminate(): void;
}

/**
 * Opens a socket. Rejects with StreamingError `unauthorized` (status 401) or `upgrade_refused` (other
 * statuses) when the upgrade is answered with an HTTP error, `connection_lost` otherwise.
 */
export function openStreamSocket(options: OpenSocketOptions): Promise<StreamSocket> {
  const ws = new WebSocket(options.url, [options.subprotocol], {
    headers: { Authorization: `Bearer ${options.token}` },
    handshakeTimeout: options.handshakeTimeoutMs ?? 10_000,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
  });
  const socket = new ClientSocket(ws, options);
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: StreamingError) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    ws.on('unexpected-response', (req, res) => {
      res.resume();
      req.destroy();
      fail(upgradeRefused(res.statusCode ?? 0));
    });
    ws.on('error', (cause) => {
      // After the handshake the only errors are protocol ones (a frame over the cap): `close` follows.
      if (socket.opened) socket.cutByUs();
      else fail(streamingLost('The streaming connection could not be opened.', codeOnly(cause)));
    });
    ws.on('open', () => {
      settled = true;
      socket.open();
      resolve(socket);
    });
    ws.on('close', (code) => {
      if (socket.opened) socket.closed(code);
      else fail(streamingLost('The streaming connection closed before it opened.'));
    });
  });
}

/** An open socket: JSON frames out, text frames up, ping/pong, and who ended it. */
class ClientSocket implements StreamSocket {
  #opened = false;
  #ourReason: SocketClosed['reason'] | undefined;
  #pingTimer: NodeJS.Timeout | undefined;
  #awaitingPong = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly options: OpenSocketOptions,
  ) {
    ws.on('pong', () => (this.#awaitingPong = false));
    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      // The protocol is JSON text only; a binary frame is ignored rather than guessed at.
      if (!isBinary) options.onFrame(data.toString());
    });
  }

  get opened(): boolean {
    return this.#opened;
  }

  /** The upgrade succeeded: pings start. */
  open(): void {
    this.#opened = true;
    const every = this.options.pingIntervalMs ?? 0;
    if (every > 0) this.#pingTimer = setInterval(() => this.#ping(), every);
  }

  send(frame: object): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  terminate(): void {
    this.cutByUs();
    this.ws.terminate();
  }

  /** This side ends the connection (a terminate, or a protocol error such as a frame over the cap). */
  cutByUs(): void {
    this.#ourReason ??= 'terminated';
  }

  closed(code: number): void {
    clearInterval(this.#pingTimer);
    this.options.onClose({ code, reason: this.#ourReason ?? 'peer' });
  }

  /** A missing pong by the next ping counts as a drop. */
  #ping(): void {
    if (this.#awaitingPong) {
      this.#ourReason = 'ping_timeout';
      this.ws.terminate();
      return;
    }
    this.#awaitingPong = true;
    this.ws.ping();
  }
}

/** The upgrade was answered with an HTTP error. */
function upgradeRefused(status: number): StreamingError {
  if (status === 401)
    return new StreamingError('unauthorized', 'The service refused the sign-in for streaming.', {
      status,
      retryable: true,
    });
  return new StreamingError(
    'upgrade_refused',
    `The service refused the streaming connection (HTTP ${status}).`,
    {
      status,
      retryable: status === 408 || status === 429 || status >= 500,
    },
  );
}

function streamingLost(message: string, cause?: string): StreamingError {
  return new StreamingError('connection_lost', message, { retryable: true, cause });
}

/** Keeps only the errno-style code of a socket error (its message may quote addresses). */
function codeOnly(cause: unknown): string | undefined {
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
