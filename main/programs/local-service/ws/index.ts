/**
 * The local service's streaming WebSockets, `/transcribe-ws` and `/dictate-ws`, for server and user
 * callers. A test double of the service, written from the contract and public facts, not from our client.
 *
 * Acknowledgements: `AUDIO_CHUNK_ACK {ack_id}` is cumulative per stream (seq_ids are counted per stream).
 * With two streams the ack also names `stream_id`, an extra field, because both streams' seq_ids overlap.
 * Upgrades are refused before the WebSocket exists (so the client sees the HTTP status): 401 for a
 * missing, invalid or expired token, 400 for a missing subprotocol or an unknown `nabla-api-version`
 * (none at all: the organization's pinned version applies).
 */
import type { IncomingMessage, Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { PASS_THROUGH, type ServiceExtension, type StreamSocket } from '../extension.ts';
import { DEFAULT_PINNED_VERSION } from '../versions.ts';
import {
  SocketRegistry,
  streamingTimings,
  type CallerKind,
  type StreamingTimings,
  type StreamKind,
} from './registry.ts';
import { CORE_API_VERSIONS, isIsoDate, UPGRADE_ERRORS, type UpgradeErrorKind } from './frames.ts';
import type { Recognizer } from './recognizer.ts';
import { StreamSession } from './session.ts';

export { SocketRegistry, streamingTimings } from './registry.ts';
export type { CallerKind, StreamingTimings, StreamKind } from './registry.ts';
export { createFixtureRecognizer } from './recognizer.ts';
export type { Recognizer, RecognitionTrack, RecognizedSegment, Mishearing } from './recognizer.ts';
export { loadFixtureManifest, decodeWav16 } from './fixtures.ts';
export type { FixtureRecording } from './fixtures.ts';

/** What the token authority says about a bearer token. */
type TokenVerdict = 'ok' | 'expired' | 'invalid';

export interface StreamingServiceOptions {
  /** The HTTP part's token authority. */
  verifyToken(token: string, caller: CallerKind): TokenVerdict;
  recognizer: Recognizer;
  /** The service's timings (defaults: `streamingTimings()`), read when used. */
  timings?: StreamingTimings;
  /** The organization's pinned version, for a socket without `nabla-api-version` (the HTTP side's default). */
  pinnedVersion?: string;
  /** The `Date` header of refused upgrades, on the service's clock (default: the computer's). */
  httpDate?: () => string;
  /** Wraps each upgrade and accepted socket (tests: test/service/streaming-faults.ts); none by default. */
  extension?: ServiceExtension;
}

/** Path → socket family and caller. */
const ROUTES: ReadonlyMap<string, { kind: StreamKind; caller: CallerKind }> = new Map([
  ['/v1/core/server/transcribe-ws', { kind: 'transcribe', caller: 'server' }],
  ['/v1/core/user/transcribe-ws', { kind: 'transcribe', caller: 'user' }],
  ['/v1/core/server/dictate-ws', { kind: 'dictate', caller: 'server' }],
  ['/v1/core/user/dictate-ws', { kind: 'dictate', caller: 'user' }],
] as const);

const SUBPROTOCOL: Record<StreamKind, string> = {
  transcribe: 'transcribe-protocol',
  dictate: 'dictate-protocol',
};
const JWT_PREFIX = 'jwt-';
const VERSION_PARAM = 'nabla-api-version';

/** Handles `upgrade` on `server` for the four streaming paths; returns the sockets' registry. */
export function attachStreamingService(server: Server, options: StreamingServiceOptions): SocketRegistry {
  const registry = new SocketRegistry(options.timings ?? streamingTimings());
  const wss = new WebSocketServer({
    noServer: true,
    // The upgrade was checked already, so the family's subprotocol is in the offer; never echo jwt-<token>.
    handleProtocols: (_protocols, req) => SUBPROTOCOL[ROUTES.get(pathOf(req))?.kind ?? 'transcribe'],
  });
  const extension = options.extension ?? PASS_THROUGH;
  const upgrade = { server, wss, registry, options, extension };
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    extension.upgrade(req, socket, () => onUpgrade(upgrade, req, socket, head)),
  );
  server.on('close', () => {
    registry.terminateAll();
    wss.close();
  });
  return registry;
}

interface Upgrade {
  readonly server: Server;
  readonly wss: WebSocketServer;
  readonly registry: SocketRegistry;
  readonly options: StreamingServiceOptions;
  readonly extension: ServiceExtension;
}

/** Accepts an upgrade on one of the four paths, or refuses it with an HTTP status. */
function onUpgrade(u: Upgrade, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const date = u.options.httpDate ?? (() => new Date().toUTCString());
  const path = pathOf(req);
  const route = ROUTES.get(path);
  if (!route) {
    // Another upgrade listener may own this path; answer only when nobody else will.
    if (u.server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 'notFound', date());
    return;
  }
  const checked = checkUpgrade(req, route, u.options);
  if (!checked.ok) return refuseUpgrade(socket, checked.kind, date());
  u.wss.handleUpgrade(req, socket, head, (ws) => {
    new StreamSession(u.extension.socket(streamSocket(ws), req), {
      kind: route.kind,
      apiVersion: checked.version ?? u.options.pinnedVersion ?? DEFAULT_PINNED_VERSION,
      recognizer: u.options.recognizer,
      registry: u.registry,
    });
  });
}

/** The session's view of a `ws` socket. */
function streamSocket(ws: WebSocket): StreamSocket {
  ws.on('error', () => ws.terminate());
  return {
    onMessage: (listener) => ws.on('message', (data, isBinary) => listener(data.toString(), isBinary)),
    onClose: (listener) => ws.on('close', (code) => listener(code)),
    get open() {
      return ws.readyState === ws.OPEN;
    },
    send: (text) => ws.send(text),
    close: (code, reason) => ws.close(code, reason),
    terminate: () => ws.terminate(),
  };
}

type UpgradeCheck =
  { ok: true; version: string | null } | { ok: false; kind: UpgradeErrorKind; reason: string };

/** The token, subprotocol and version rules of an upgrade request. */
function checkUpgrade(
  req: IncomingMessage,
  route: { kind: StreamKind; caller: CallerKind },
  options: StreamingServiceOptions,
): UpgradeCheck {
  const offered = offeredProtocols(req);
  const header = req.headers.authorization;
  const bearer = header === undefined ? undefined : /^Bearer ([^\s]+)$/i.exec(header)?.[1];
  const fromProtocol = offered.find((p) => p.startsWith(JWT_PREFIX))?.slice(JWT_PREFIX.length);
  const token = header === undefined ? fromProtocol : bearer;
  const refused = (kind: UpgradeErrorKind, reason: string): UpgradeCheck => ({ ok: false, kind, reason });
  if (!token)
    return refused('unauthorized', header === undefined ? 'no token' : 'malformed Authorization header');
  const verdict = options.verifyToken(token, route.caller);
  if (verdict === 'expired') return refused('expired', 'token expired');
  if (verdict !== 'ok') return refused('unauthorized', 'token refused');
  if (!offered.includes(SUBPROTOCOL[route.kind]))
    return refused('badRequest', `subprotocol ${SUBPROTOCOL[route.kind]} missing`);
  const version = new URL(req.url ?? '/', 'http://service.local').searchParams.get(VERSION_PARAM);
  if (version !== null && (!isIsoDate(version) || !CORE_API_VERSIONS.includes(version)))
    return refused('badRequest', `${VERSION_PARAM} unknown`);
  return { ok: true, version };
}

function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://service.local').pathname;
}

function offeredProtocols(req: IncomingMessage): string[] {
  const raw = req.headers['sec-websocket-protocol'];
  return (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** Answers the upgrade request with a plain HTTP error, before any WebSocket handshake. */
export function refuseUpgrade(socket: Duplex, kind: UpgradeErrorKind, date: string): void {
  const { status, code, name } = UPGRADE_ERRORS[kind];
  const body = JSON.stringify({
    message: STATUS_CODES[status] ?? 'Error',
    code,
    name,
    trace_id: randomUUID(),
  });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    `Date: ${date}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...(status === 401 ? ['WWW-Authenticate: Bearer'] : []),
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
