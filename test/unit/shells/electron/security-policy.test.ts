import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_RESPONSE_HEADERS,
  CONTENT_SECURITY_POLICY,
  isAllowedNavigation,
  isAllowedRendererRequest,
  isAppUrl,
  isPermissionAllowed,
  isTrustedSenderFrame,
  secureWebPreferences,
  windowOpenDecision,
} from '../../../../main/core/window/security-policy.ts';

function cspDirectives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) {
      expect(map.has(name), `directive ${name} appears once`).toBe(false);
      map.set(name, sources);
    }
  }
  return map;
}

describe('secureWebPreferences', () => {
  it('isolates, sandboxes and disables node, webviews and experimental features', () => {
    const prefs = secureWebPreferences('/app/dist/preload/index.cjs', { devTools: false });
    expect(prefs).toMatchObject({
      preload: '/app/dist/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      devTools: false,
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(secureWebPreferences('/p', { devTools: true }).devTools).toBe(true);
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  const csp = cspDirectives(CONTENT_SECURITY_POLICY);

  it('contains the baseline directives exactly', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it('allows no inline code, eval, wildcard or remote origin anywhere', () => {
    for (const [name, sources] of csp) {
      for (const source of sources) {
        expect(source, name).not.toMatch(/unsafe|\*|^https?:|^wss?:|^blob:/);
      }
    }
  });

  it('is sent with nosniff on every app response', () => {
    expect(APP_RESPONSE_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(APP_RESPONSE_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(APP_RESPONSE_HEADERS['Permissions-Policy']).toContain('microphone=()');
  });
});

describe('URL rules', () => {
  it.each([
    [APP_ENTRY_URL, true],
    ['app://scribe/', true],
    ['app://scribe/assets/index-abc.js', true],
    ['app://scribe', true],
    ['app://evil/index.html', false],
    ['app://user:pw@scribe/index.html', false],
    ['app://scribe.evil.com/index.html', false],
    ['file:///etc/passwd', false],
    ['https://scribe/index.html', false],
    ['http://127.0.0.1:5173/', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('isAppUrl(%s) is %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected);
    expect(isAllowedNavigation(url)).toBe(expected);
  });

  it('denies every window.open', () => {
    expect(windowOpenDecision()).toEqual({ action: 'deny' });
  });

  it('lets pages request only app:// assets and data: images', () => {
    expect(isAllowedRendererRequest('app://scribe/assets/a.css')).toBe(true);
    expect(isAllowedRendererRequest('data:image/png;base64,AAAA')).toBe(true);
    for (const url of [
      'https://eu.api.example.com/v1',
      'wss://eu.api.example.com/ws',
      'file:///tmp/x',
      'http://127.0.0.1/',
    ]) {
      expect(isAllowedRendererRequest(url), url).toBe(false);
    }
  });
});

describe('permissions', () => {
  const app = { requestingUrl: APP_ENTRY_URL, isMainFrame: true };

  it('allows only sanitized clipboard writes, from the app top frame', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', app)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', { requestingUrl: 'app://scribe' })).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', { ...app, isMainFrame: false })).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', { requestingUrl: 'https://evil.example/' })).toBe(
      false,
    );
  });

  it.each([
    'media',
    'clipboard-read',
    'notifications',
    'geolocation',
    'display-capture',
    'openExternal',
    'hid',
    'unknown',
  ])('refuses %s even to the app', (permission) => {
    expect(isPermissionAllowed(permission, app)).toBe(false);
  });
});

describe('isTrustedSenderFrame', () => {
  it('trusts only the app page in the top frame', () => {
    expect(isTrustedSenderFrame({ url: APP_ENTRY_URL, parent: null })).toBe(true);
    expect(isTrustedSenderFrame({ url: APP_ENTRY_URL, parent: { url: APP_ENTRY_URL } })).toBe(false);
    expect(isTrustedSenderFrame({ url: 'https://evil.example/', parent: null })).toBe(false);
    expect(isTrustedSenderFrame({ url: 'file:///index.html', parent: null })).toBe(false);
    expect(isTrustedSenderFrame(null)).toBe(false);
    expect(isTrustedSenderFrame(undefined)).toBe(false);
  });
});
