/**
 * Serves the renderer from app://scribe/ out of the packaged files (never file://, which would give pages
 * file-system-wide origins). The decisions are made by the pure resolveAppRequest; this adapter only
 * registers the scheme and reads files.
 */
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { resolveAppRequest } from './app-protocol.ts';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES } from '../../core/window/security-policy.ts';

/** Registers app:// as a standard, secure scheme. Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

/** Answers app:// requests from files under `rootDir` (the built renderer). Call after 'ready'. */
export function serveAppProtocol(rootDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const resolved = resolveAppRequest(request.method, request.url, rootDir);
    if (resolved.kind === 'error')
      return new Response(null, { status: resolved.status, headers: resolved.headers });
    try {
      const body = request.method === 'HEAD' ? null : await readFile(resolved.filePath);
      return new Response(body, { status: 200, headers: resolved.headers });
    } catch {
      return new Response(null, { status: 404, headers: resolved.headers });
    }
  });
}
