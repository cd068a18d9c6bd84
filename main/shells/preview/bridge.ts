/**
 * The browser shell's bridge: the same preload API as Electron's (`window.scribe`, one named function per
 * channel, one `on…` per event, built from the contract) over one loopback WebSocket, with the main side
 * going through the app's own IPC router (same request and response parsing). The socket is accepted once:
 * from the page's own origin (Origin header), carrying the one-time secret the shell put in the URL it
 * opened. Anything else is refused before a WebSocket exists. That upgrade check is the bridge's guard: a
 * WebSocket message carries no frame to check, so the router's per-call sender check has nothing to read
 * here and lets every call of the one accepted socket through.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CHANNEL_NAMES,
  EVENT_NAMES,
  channels,
  events,
  fail,
  methodName,
  subscriptionName,
  type EventName,
  type EventPayload,
} from '../../../preload/contract/index.ts';
import type { ChannelHandlers } from '../../core/ipc/channel-map.ts';
import { createRendererEvents } from '../../core/ipc/event-emitter.ts';
import {
  createIpcRouter,
  type InvokeEventLike,
  type IpcFailureReport,
  type IpcMainLike,
} from '../../core/ipc/router.ts';
import { pageBridgeScript } from './page-bridge.ts';

/** Where the page's script is served and where its socket connects. */
export const BRIDGE_SCRIPT_PATH = '/shell/bridge.js';
const BRIDGE_SOCKET_PATH = '/shell/bridge';
/** The WebSocket subprotocol prefix; the secret follows it (`scribe-bridge.<hex>`). */
const PROTOCOL = 'scribe-bridge';

/** The parts of the bridge the shell (and tests) use. */
export interface Bridge {
  /** The page's script (served at BRIDGE_SCRIPT_PATH). */
  readonly script: string;
  /** The one-time secret, for the URL fragment the shell opens (`#bridge=<secret>`). */
  readonly secret: string;
  /** Pushes an event to the page, validated like the app's emitter; dropped while no page is connected. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Router failures seen (codes and field paths only). */
  readonly failures: IpcFailureReport[];
  /** Upgrades refused (reason only). */
  readonly refused: string[];
  close(): void;
}

/** The sender of every call: the one page the upgrade check admitted. */
const PAGE_FRAME = { url: 'bridge:page', parent: null } as const;

/** A fake ipcMain: the router registers on it exactly as on Electron's. */
class BridgeIpcMain implements IpcMainLike {
  readonly #handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void {
    this.#handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.#handlers.delete(channel);
  }
  async invoke(channel: string, request: unknown): Promise<unknown> {
    const handler = this.#handlers.get(channel);
    if (!handler) return fail('invalid_request');
    return handler({ senderFrame: PAGE_FRAME }, request);
  }
}

/** Attaches the bridge to the static server of `origin`; `handlers` answer every channel. */
export function attachBridge(
  server: Server,
  origin: string,
  handlers: ChannelHandlers<typeof channels>,
): Bridge {
  const secret = randomBytes(32).toString('hex');
  const ipcMain = new BridgeIpcMain();
  const failures: IpcFailureReport[] = [];
  createIpcRouter({
    ipcMain,
    channels,
    handlers,
    // Only the accepted page socket's calls get here (see refusal()): it is the guard, not this.
    isTrustedSender: () => true,
    onDidFail: (report) => failures.push(report),
  });
  const page = new PageSocket(origin, secret, ipcMain);
  server.on('upgrade', page.onUpgrade);
  const emitter = createRendererEvents({
    events,
    send: (event, payload) => page.send(JSON.stringify({ event, payload })),
  });
  return {
    script: pageBridgeScript({
      socketPath: BRIDGE_SOCKET_PATH,
      protocol: PROTOCOL,
      methods: CHANNEL_NAMES.map((c) => [c, methodName(c)]),
      subscriptions: EVENT_NAMES.map((e) => [e, subscriptionName(e)]),
      closed: fail('internal'),
    }),
    secret,
    emit: (event, payload) => void emitter.emit(event, payload as never),
    failures,
    refused: page.refused,
    close: () => {
      server.off('upgrade', page.onUpgrade);
      page.close();
    },
  };
}

/** The one page's socket: accepted once, with the secret, from the origin; its messages are IPC calls. */
class PageSocket {
  /** Why upgrades were refused (reasons only). */
  readonly refused: string[] = [];
  readonly #wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: (p) => [...p][0] ?? false,
  });
  #used = false;
  #page: WebSocket | null = null;

  readonly #origin: string;
  readonly #secret: string;
  readonly #ipcMain: BridgeIpcMain;

  constructor(origin: string, secret: string, ipcMain: BridgeIpcMain) {
    this.#origin = origin;
    this.#secret = secret;
    this.#ipcMain = ipcMain;
  }

  readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const reason = refusal(req, this.#origin, this.#secret, this.#used);
    if (reason) {
      this.refused.push(reason);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    this.#used = true;
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      this.#page = ws;
      ws.on('message', (data) => void answer(ws, this.#ipcMain, data.toString()));
      ws.on('close', () => void (this.#page = null));
    });
  };

  send(text: string): void {
    this.#page?.send(text);
  }

  close(): void {
    for (const client of this.#wss.clients) client.terminate();
    this.#wss.close();
  }
}

/** Why an upgrade is refused, or null to accept it. */
function refusal(req: IncomingMessage, origin: string, secret: string, used: boolean): string | null {
  if (new URL(req.url ?? '/', origin).pathname !== BRIDGE_SOCKET_PATH) return 'path';
  if (req.headers.origin !== origin) return 'origin';
  if (used) return 'secret_used';
  const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const expected = Buffer.from(`${PROTOCOL}.${secret}`);
  // Lengths in bytes: a header is read as latin1, so one character may be two bytes once encoded, and
  // timingSafeEqual throws on buffers of different lengths.
  const match = offered.some((p) => {
    const bytes = Buffer.from(p);
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  });
  return match ? null : 'secret';
}

/** Answers one call: `{id, channel, request}` → `{id, result}`. A malformed message is dropped. */
async function answer(ws: WebSocket, ipcMain: BridgeIpcMain, text: string): Promise<void> {
  let message: { id?: unknown; channel?: unknown; request?: unknown };
  try {
    message = JSON.parse(text) as typeof message;
  } catch {
    return;
  }
  if (typeof message.id !== 'number' || typeof message.channel !== 'string') return;
  const result = await ipcMain.invoke(message.channel, message.request ?? {});
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: message.id, result }));
}
