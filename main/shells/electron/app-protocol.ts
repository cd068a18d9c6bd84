/**
 * Pure part of the app:// protocol: which file answers a request, with which content type and headers.
 * The electron part (main/shells/electron/electron-protocol.ts) only reads the file and builds the Response.
 *
 * Rules: only `app://scribe/…`; GET/HEAD only; the path is decoded once, normalized and must stay inside
 * the renderer folder (no `..`, no encoded separators, no NUL); an extension-less path is an in-app route
 * and gets index.html; unknown extensions are refused rather than guessed (nosniff).
 */
import path from 'node:path';
import { APP_RESPONSE_HEADERS, isAppUrl } from '../../core/window/security-policy.ts';

/** Content types of the files a Vite build emits. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** What to answer. */
export type AppRequestResolution =
  | { readonly kind: 'file'; readonly filePath: string; readonly headers: Readonly<Record<string, string>> }
  | {
      readonly kind: 'error';
      readonly status: 400 | 403 | 404 | 405;
      readonly headers: Readonly<Record<string, string>>;
    };

function error(status: 400 | 403 | 404 | 405): AppRequestResolution {
  return {
    kind: 'error',
    status,
    headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  };
}

/** Maps an app:// request to a file inside `rootDir` (an absolute path), or to an error status. */
export function resolveAppRequest(method: string, url: string, rootDir: string): AppRequestResolution {
  if (method !== 'GET' && method !== 'HEAD') return error(405);
  if (!isAppUrl(url)) return error(403);
  const pathname = new URL(url).pathname;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return error(400);
  }
  // Encoded separators and NUL have no business in asset names; refusing them avoids double-decoding tricks.
  if (decoded.includes('\0') || decoded.includes('\\') || /%2f|%5c/i.test(pathname)) return error(400);
  const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (relative.split('/').includes('..')) return error(403);
  const target = relative === '' || path.posix.extname(relative) === '' ? 'index.html' : relative;
  const root = path.resolve(rootDir);
  const filePath = path.resolve(root, ...target.split('/'));
  if (filePath !== root && !filePath.startsWith(root + path.sep)) return error(403);
  const contentType = CONTENT_TYPES[path.extname(filePath).toLowerCase()];
  if (!contentType) return error(404);
  return { kind: 'file', filePath, headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': contentType } };
}
