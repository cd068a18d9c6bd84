/**
 * Serves the built renderer (dist/renderer) over loopback HTTP with exactly the headers the app's
 * protocol handler sends, CSP included, so the page runs under the same policy as in Electron. The browser
 * shell adds one script to index.html (its bridge, served from the same origin) and attaches its WebSocket
 * to the returned server; tests may mount extra pages (e.g. the CSP probe with an inline script).
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_RESPONSE_HEADERS } from '../../core/window/security-policy.ts';

/** Where vite writes the renderer (from source; main/shells/preview/start.ts builds it first). */
export const RENDERER_DIR = fileURLToPath(new URL('../../../dist/renderer/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface StaticServer {
  readonly origin: string;
  readonly server: Server;
  /** Bytes of every response, by path (for the bundle-size bench). */
  readonly served: Map<string, number>;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  readonly root?: string;
  /** Path (e.g. "/probe.html") → HTML, or (e.g. "/shell/bridge.js") → a script. */
  readonly extraPages?: Record<string, string>;
  /** A same-origin script path added to index.html's head, before the app's own (deferred) module. */
  readonly headScript?: string;
}

/** Starts the server on 127.0.0.1 (a free port). */
export async function startStaticServer(options: StaticServerOptions = {}): Promise<StaticServer> {
  const root = options.root ?? RENDERER_DIR;
  const served = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    void serve(req.url ?? '/', req.method ?? 'GET', root, options, served).then(({ status, type, body }) => {
      const headers: Record<string, string> = { ...APP_RESPONSE_HEADERS };
      if (type) headers['Content-Type'] = type;
      res.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    server,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(
  url: string,
  method: string,
  root: string,
  options: StaticServerOptions,
  served: Map<string, number>,
): Promise<{ status: number; type?: string; body?: string | Buffer }> {
  const path = new URL(url, 'http://x').pathname;
  // The page has no icon; Chromium asks anyway, and a 404 would be an error in the page's console.
  if (path === '/favicon.ico') return { status: 204 };
  const extra = options.extraPages?.[path];
  if (extra !== undefined)
    return { status: 200, type: TYPES[extname(path) || '.html'] ?? TYPES['.html'], body: extra };
  let decoded: string;
  try {
    decoded = decodeURIComponent(path === '/' ? '/index.html' : path);
  } catch {
    return { status: 400 }; // a malformed escape ("/%"): refused, as the Electron protocol handler does
  }
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  const file = join(root, relative);
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || method !== 'GET') return { status: 404 };
  try {
    let body: string | Buffer = await readFile(file);
    if (options.headScript && relative === 'index.html')
      body = body.toString('utf8').replace('</head>', `<script src="${options.headScript}"></script></head>`);
    served.set(path, Buffer.byteLength(body));
    return { status: 200, type: TYPES[extname(file)] ?? 'application/octet-stream', body };
  } catch {
    return { status: 404 };
  }
}
