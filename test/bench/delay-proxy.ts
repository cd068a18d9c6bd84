/**
 * The service double at a cloud service's distance, for the broker bench: a loopback proxy that waits a
 * set latency before forwarding each request, and adds up the time requests spent upstream (so the
 * broker's own share of a route's time can be told apart).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The running proxy. */
export interface DelayProxy {
  url: string;
  /** Where requests go (set once the double runs). */
  target: string;
  /** Milliseconds spent by all requests upstream (latency included), so far. */
  readonly upstreamMs: number;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 that adds `latencyMs` to every request. */
export async function startDelayProxy(latencyMs: number): Promise<DelayProxy> {
  let upstreamMs = 0;
  const proxy: DelayProxy = {
    url: '',
    target: '',
    get upstreamMs() {
      return upstreamMs;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const started = performance.now();
    setTimeout(() => {
      const upstream = request(new URL(req.url ?? '/', proxy.target), {
        method: req.method,
        headers: { ...req.headers, host: new URL(proxy.target).host },
      });
      upstream.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res).on('finish', () => (upstreamMs += performance.now() - started));
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    }, latencyMs);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.unref();
  return proxy;
}
