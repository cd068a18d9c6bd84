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
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(options.url, [options.subprotocol], {
      headers: { Authorization: `Bearer ${options.token}` },
      handshakeTimeout: options.handshakeTimeoutMs ?? 10_000,
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
    });
    let opened = false;
    let settled = false;
    let ourReason: SocketClosed['reason'] | undefined;
    let pingTimer: NodeJS.Timeout | undefined;
    let awaitingPong = false;

    const fail = (error: StreamingError) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    ws.on('unexpected-response', (req, res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      req.destroy();
      fail(
        status === 401
          ? new StreamingError('unauthorized', 'The service refused the sign-in for streaming.', {
              status,
              retryable: true,
            })
          : new StreamingError(
              'upgrade_refused',
              `The service refused the streaming connection (HTTP ${status}).`,
              {
                status,
                retryable: status === 408 || status === 429 || status >= 500,
              },
            ),
      );
    });
    ws.on('error', (cause) => {
      // After the handshake the only errors are protocol ones (a frame over the cap): `close` follows.
      if (opened) ourReason ??= 'terminated';
      if (!opened)
        fail(
          new StreamingError('connection_lost', 'The streaming connection could not be opened.', {
            retryable: true,
            cause: codeOnly(cause),
          }),
        );
    });
    ws.on('open', () => {
      opened = true;
      settled = true;
      if ((options.pingIntervalMs ?? 0) > 0) {
        pingTimer = setInterval(() => {
          if (awaitingPong) {
            ourReason = 'ping_timeout';
            ws.terminate();
            return;
          }
          awaitingPong = true;
          ws.ping();
        }, options.pingIntervalMs);
      }
      resolve({
        send(frame) {
          if (ws.readyState !== WebSocket.OPEN) return false;
          ws.send(JSON.stringify(frame));
          return true;
        },
        get bufferedAmount() {
          return ws.bufferedAmount;
        },
        terminate() {
          ourReason ??= 'terminated';
          ws.terminate();
        },
      });
    });
    ws.on('pong', () => {
      awaitingPong = false;
    });
    ws.on('message', (data, isBinary) => {
      // The protocol is JSON text only; a binary frame is ignored rather than guessed at.
      if (!isBinary) options.onFrame(data.toString());
    });
    ws.on('close', (code) => {
      if (pingTimer) clearInterval(pingTimer);
      if (!opened) {
        fail(
          new StreamingError('connection_lost', 'The streaming connection closed before it opened.', {
            retryable: true,
          }),
        );
        return;
      }
      options.onClose({ code, reason: ourReason ?? 'peer' });
    });
  });
}

/** Keeps only the errno-style code of a socket error (its message may quote addresses). */
function codeOnly(cause: unknown): string | undefined {
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
