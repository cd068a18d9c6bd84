/**
 * hardenSession against a small fake of Electron's Session (typed against Electron's own typings, never
 * importing 'electron' at run time): every handler is installed and each refuses what it should.
 */
import { describe, expect, it } from 'vitest';
import { hardenSession } from '../../../../main/shells/electron/session-hardening.ts';
import { APP_ENTRY_URL, CONTENT_SECURITY_POLICY } from '../../../../main/core/window/security-policy.ts';

/** Electron's Session type, as the code under test declares it (tests may not import 'electron'). */
type Session = Parameters<typeof hardenSession>[0];

type Fn = (...args: never[]) => unknown;

/** Records each handler the code under test installs. */
function fakeSession() {
  const installed: Record<string, Fn | undefined> = {};
  const filters: Record<string, unknown> = {};
  const session = {
    setPermissionRequestHandler: (fn: Fn) => (installed.request = fn),
    setPermissionCheckHandler: (fn: Fn) => (installed.check = fn),
    setDevicePermissionHandler: (fn: Fn) => (installed.device = fn),
    webRequest: {
      onBeforeRequest: (filter: unknown, fn: Fn) => ((filters.before = filter), (installed.before = fn)),
      onHeadersReceived: (filter: unknown, fn: Fn) => ((filters.headers = filter), (installed.headers = fn)),
    },
  };
  return { session: session as unknown as Session, installed, filters };
}

/** Electron's request handler takes (contents, permission, callback, details). */
function requestAnswer(fn: Fn | undefined, permission: string, details: object): unknown {
  expect(fn, 'request handler installed').toBeTypeOf('function');
  let result: unknown = 'no answer';
  (fn as (...a: unknown[]) => void)(null, permission, (value: unknown) => (result = value), details);
  return result;
}

/** Calls an installed handler whose callback comes last and returns what it answered. */
function answer(fn: Fn | undefined, ...args: unknown[]): unknown {
  expect(fn, 'handler installed').toBeTypeOf('function');
  let result: unknown = 'no answer';
  (fn as (...a: unknown[]) => void)(...args, (value: unknown) => (result = value));
  return result;
}

const FOREIGN = 'https://evil.example/page';

describe('hardenSession', () => {
  it('installs the permission request handler: clipboard write from the app only, all else refused', () => {
    const refused: string[] = [];
    const { session, installed } = fakeSession();
    hardenSession(session, (what, name) => refused.push(`${what}:${name}`));
    const main = { requestingUrl: APP_ENTRY_URL, isMainFrame: true };
    expect(requestAnswer(installed.request, 'clipboard-sanitized-write', main)).toBe(true);
    expect(requestAnswer(installed.request, 'media', main)).toBe(false);
    expect(requestAnswer(installed.request, 'clipboard-read', main)).toBe(false);
    expect(requestAnswer(installed.request, 'notifications', main)).toBe(false);
    expect(
      requestAnswer(installed.request, 'clipboard-sanitized-write', {
        requestingUrl: FOREIGN,
        isMainFrame: true,
      }),
    ).toBe(false);
    expect(
      requestAnswer(installed.request, 'clipboard-sanitized-write', {
        requestingUrl: APP_ENTRY_URL,
        isMainFrame: false,
      }),
    ).toBe(false);
    expect(refused).toEqual([
      'permission:media',
      'permission:clipboard-read',
      'permission:notifications',
      'permission:clipboard-sanitized-write',
      'permission:clipboard-sanitized-write',
    ]);
  });

  it('installs the permission check handler too (queries never reach the request handler)', () => {
    const { session, installed } = fakeSession();
    hardenSession(session);
    const check = installed.check as (...a: unknown[]) => boolean;
    expect(check).toBeTypeOf('function');
    expect(
      check(null, 'clipboard-sanitized-write', 'app://scribe', {
        requestingUrl: APP_ENTRY_URL,
        isMainFrame: true,
      }),
    ).toBe(true);
    expect(check(null, 'media', 'app://scribe', { requestingUrl: APP_ENTRY_URL, isMainFrame: true })).toBe(
      false,
    );
    expect(check(null, 'geolocation', 'app://scribe', { isMainFrame: true })).toBe(false);
    // Without a requesting URL the origin decides: a foreign origin is refused.
    expect(check(null, 'clipboard-sanitized-write', FOREIGN, { isMainFrame: true })).toBe(false);
    expect(check(null, 'clipboard-sanitized-write', 'app://scribe/', { isMainFrame: true })).toBe(true);
  });

  it('refuses every device picker', () => {
    const { session, installed } = fakeSession();
    hardenSession(session);
    expect((installed.device as () => boolean)()).toBe(false);
  });

  it('filters every request: app:// and data: load, the network and files are cancelled', () => {
    const refused: string[] = [];
    const { session, installed, filters } = fakeSession();
    hardenSession(session, (what, name) => refused.push(`${what}:${name}`));
    expect(filters.before).toEqual({ urls: ['<all_urls>'] });
    const cancel = (url: string) => (answer(installed.before, { url }) as { cancel: boolean }).cancel;
    expect(cancel(APP_ENTRY_URL)).toBe(false);
    expect(cancel('app://scribe/assets/index.js')).toBe(false);
    expect(cancel('data:image/png;base64,AAAA')).toBe(false);
    expect(cancel('https://service.example/v1/core/server/generate-note')).toBe(true);
    expect(cancel('wss://service.example/transcribe-ws')).toBe(true);
    expect(cancel('file:///etc/passwd')).toBe(true);
    expect(cancel('app://other-host/index.html')).toBe(true);
    // Only the scheme is reported: a URL could carry anything.
    expect(refused).toEqual(['request:https', 'request:wss', 'request:file', 'request:app']);
  });

  it('puts the CSP on every response, keeping the other headers', () => {
    const { session, installed, filters } = fakeSession();
    hardenSession(session);
    expect(filters.headers).toEqual({ urls: ['<all_urls>'] });
    const result = answer(installed.headers, {
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': ['default-src *'] },
    }) as { responseHeaders: Record<string, string[]> };
    expect(result.responseHeaders['Content-Type']).toEqual(['text/html']);
    expect(result.responseHeaders['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });
});
