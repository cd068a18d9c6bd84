/**
 * The local service's streaming WebSockets, `/transcribe-ws` and `/dictate-ws`, for server and user
 * callers. A test double of the service, written from the contract and public facts, not from our client.
 *
 * Acknowledgements: `AUDIO_CHUNK_ACK {ack_id}` is cumulative per stream (seq_ids are counted per stream).
 * With two streams the ack also names `stream_id`, an extra field, because both streams' seq_ids overlap.
 * Upgrades are refused before the WebSocket exists (so the client sees the HTTP status): 401 for a
 * missing, invalid or expired token, 400 for a missing subprotocol or an unknown `nabla-api-version`
 * (none at all: the organization's pinned version applies), 503 when injected.
 */
import type { IncomingMessage, Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { StreamingControl, type CallerKind, type StreamingTimings, type StreamKind } from './control.ts';
import { CORE_API_VERSIONS, isIsoDate, UPGRADE_ERRORS, type UpgradeErrorKind } from './frames.ts';
import type { Recognizer } from './recognizer.ts';
import { StreamSession } from './session.ts';

export { StreamingControl } from './control.ts';
export type { SocketRecord, StreamingTimings } from './control.ts';
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
  timings?: Partial<StreamingTimings>;
  /** The organization's pinned version, for a socket without `nabla-api-version` (the HTTP side's default). */
  pinnedVersion?: string;
  /** The `Date` header of refused upgrades, on the service's clock (default: the computer's). */
  httpDate?: () => string;
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

/** Handles `upgrade` on `server` for the four streaming paths; returns the fault-injection control. */
export function attachStreamingService(server: Server, options: StreamingServiceOptions): StreamingControl {
  const control = new StreamingControl(options.timings);
  const date = options.httpDate ?? (() => new Date().toUTCString());
  if (options.pinnedVersion) control.pinnedApiVersion = options.pinnedVersion;
  const wss = new WebSocketServer({
    noServer: true,
    // The upgrade was checked already, so the family's subprotocol is in the offer; never echo jwt-<token>.
    handleProtocols: (_protocols, req) => SUBPROTOCOL[ROUTES.get(pathOf(req))?.kind ?? 'transcribe'],
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req);
    const route = ROUTES.get(path);
    if (!route) {
      // Another upgrade listener may own this path; answer only when nobody else will.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 'notFound', date());
      return;
    }
    const reject = (kind: UpgradeErrorKind, reason: string): void => {
      control.noteRejected({ path, status: UPGRADE_ERRORS[kind].status, reason });
      refuse(socket, kind, date());
    };
    const injected = control.takeUpgradeFailure();
    if (injected === 401) return reject('expired', 'injected: token expired');
    if (injected === 503) return reject('unavailable', 'injected: unavailable');

    const offered = offeredProtocols(req);
    const header = req.headers.authorization;
    const bearer = header === undefined ? undefined : /^Bearer ([^\s]+)$/i.exec(header)?.[1];
    const fromProtocol = offered.find((p) => p.startsWith(JWT_PREFIX))?.slice(JWT_PREFIX.length);
    const token = header === undefined ? fromProtocol : bearer;
    if (!token)
      return reject('unauthorized', header === undefined ? 'no token' : 'malformed Authorization header');
    const verdict = options.verifyToken(token, route.caller);
    if (verdict === 'expired') return reject('expired', 'token expired');
    if (verdict !== 'ok') return reject('unauthorized', 'token refused');
    if (!offered.includes(SUBPROTOCOL[route.kind]))
      return reject('badRequest', `subprotocol ${SUBPROTOCOL[route.kind]} missing`);

    const version = new URL(req.url ?? '/', 'http://service.local').searchParams.get(VERSION_PARAM);
    if (version !== null && (!isIsoDate(version) || !CORE_API_VERSIONS.includes(version))) {
      return reject('badRequest', `${VERSION_PARAM} unknown`);
    }

    wss.handleUpgrade(req, socket, head, (ws) => {
      const record = control.newRecord({
        kind: route.kind,
        caller: route.caller,
        apiVersion: version,
        authVia: header === undefined ? 'subprotocol' : 'header',
      });
      new StreamSession(ws, { kind: route.kind, record, control, recognizer: options.recognizer });
    });
  });
  server.on('close', () => {
    control.terminateAll();
    wss.close();
  });
  return control;
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
function refuse(socket: Duplex, kind: UpgradeErrorKind, date: string): void {
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
