/**
 * The redirect target of a native app's sign-in (RFC 8252 §7.3): a one-shot HTTP listener on 127.0.0.1 at
 * a port the system picks, whose address becomes the `redirect_uri`. It takes the first request to `/`
 * carrying this sign-in's `state` (with a code or an error), answers the browser with a short page, and
 * closes. Any local process can reach the port: a request with another state, or none, is not the identity
 * provider's answer and is ignored (404) while the listener keeps waiting, so answering first cannot make the
 * sign-in fail. openid-client checks the state again with the rest of the answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening redirect target. */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:PORT/`, to register as redirect_uri (IdPs accept any port for loopback). */
  readonly redirectUri: string;
  /** The full URL the browser was sent back to, or rejects on abort. */
  readonly callback: Promise<URL>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`;

/** Starts the listener for the answer carrying `expectedState`; `signal` aborts the wait (time-out, cancel). */
export async function startLoopbackRedirect(
  expectedState: string,
  signal?: AbortSignal,
): Promise<LoopbackRedirect> {
  let settle!: { resolve: (url: URL) => void; reject: (error: unknown) => void };
  const callback = new Promise<URL>((resolve, reject) => (settle = { resolve, reject }));
  callback.catch(() => undefined); // the caller awaits it; an abort before that is not unhandled
  let done = false;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (done || !isAnswer(req, url, expectedState)) return notFound(req, res);
    done = true;
    answerBrowser(res, url.searchParams.has('error'));
    settle.resolve(url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const onAbort = () => {
    if (!done) settle.reject(signal?.reason ?? new Error('aborted'));
    done = true;
  };
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  return { redirectUri, callback, close };
}

/** A GET of `/` carrying this sign-in's state: the identity provider's answer. */
function isAnswer(req: IncomingMessage, url: URL, expectedState: string): boolean {
  return req.method === 'GET' && url.pathname === '/' && url.searchParams.get('state') === expectedState;
}

function answerBrowser(res: ServerResponse, failed: boolean): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    failed
      ? PAGE('Sign-in did not finish', 'Return to Scribe Desktop to see why and try again.')
      : PAGE('Signed in', 'You can close this tab and return to Scribe Desktop.'),
  );
}

function notFound(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}
