/**
 * The one door into a running service from outside it: an extension may wrap each HTTP exchange, each
 * streaming upgrade and each accepted socket. The tests' fault injection, request log, socket records and
 * control API are such an extension (test/service/); the sample visit passes none, so `PASS_THROUGH`
 * hands everything straight to the service and keeps nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Caller } from './auth/token-store.ts';

/** What the service resolved while answering one request. Nothing of it is kept once the answer is sent. */
export interface HandledRequest {
  /** The version the request was served under; null when it was refused before that was known. */
  effectiveVersion: string | null;
  /** The authenticated caller; null on unauthenticated routes and refusals. */
  caller: Caller | null;
  /** The request value its handler read (JSON body or multipart parameters), if it read one. */
  read?: unknown;
}

/** One accepted streaming socket, as the service's session drives it (text frames only). */
export interface StreamSocket {
  onMessage(listener: (text: string, isBinary: boolean) => void): void;
  /** Called once, when the connection is gone (however it ended). */
  onClose(listener: (code: number) => void): void;
  readonly open: boolean;
  send(text: string): void;
  /** Closes with a close frame. */
  close(code: number, reason: string): void;
  /** Cuts the connection without a close frame. */
  terminate(): void;
}

/** What an extension may wrap. Each wrapper must call on (`handle`, `accept`) to get the service's own behaviour. */
export interface ServiceExtension {
  http(req: IncomingMessage, res: ServerResponse, handle: () => Promise<HandledRequest>): void;
  /** A streaming upgrade request, before the service checks it. */
  upgrade(req: IncomingMessage, socket: Duplex, accept: () => void): void;
  /** A socket the service accepted, before its session starts reading it. */
  socket(socket: StreamSocket, req: IncomingMessage): StreamSocket;
}

/** The service as it is: every request handled as it comes, nothing recorded. */
export const PASS_THROUGH: ServiceExtension = {
  http: (_req, _res, handle) => void handle(),
  upgrade: (_req, _socket, accept) => accept(),
  socket: (socket) => socket,
};
