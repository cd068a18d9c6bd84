/**
 * Serves the built renderer (dist/renderer) over loopback HTTP with exactly the headers the app's
 * protocol handler sends, CSP included, so the page runs under the same policy as in Electron. Extra
 * pages (e.g. the CSP probe with an inline script) can be mounted for security tests.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_RESPONSE_HEADERS } from '../../../main/app/security-policy.ts';

/** Where vite writes the renderer. */
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
  /** Bytes of every response, by path (for the bundle-size bench). */
  readonly served: Map<string, number>;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1. `extraPages` maps a path (e.g. "/probe.html") to HTML. */
export async function startStaticServer(
  options: { root?: string; extraPages?: Record<string, string> } = {},
): Promise<StaticServer> {
  const root = options.root ?? RENDERER_DIR;
  const served = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const headers = { ...APP_RESPONSE_HEADERS };
      const extra = options.extraPages?.[path];
      if (extra !== undefined) {
        res.writeHead(200, { ...headers, 'Content-Type': TYPES['.html']! }).end(extra);
        return;
      }
      const relative = normalize(decodeURIComponent(path === '/' ? '/index.html' : path)).replace(
        /^[/\\]+/,
        '',
      );
      const file = join(root, relative);
      if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || req.method !== 'GET') {
        res.writeHead(404, headers).end();
        return;
      }
      try {
        const body = await readFile(file);
        served.set(path, body.byteLength);
        res
          .writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(body);
      } catch {
        res.writeHead(404, headers).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
