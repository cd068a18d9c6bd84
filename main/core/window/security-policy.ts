/**
 * The renderer's security policy as pure data and functions (no electron import, so every rule is
 * unit-tested under Node). main/shells/electron/ applies it: window preferences, the app:// protocol, navigation,
 * window.open, permissions, renderer network requests and the IPC sender check.
 *
 * The renderer is ours and local: it is served from `app://scribe/` out of the asar, talks to main only
 * through the preload bridge, and needs no network, no microphone (capture runs in main) and no popups.
 */

/** The custom scheme the renderer is served from (registered as standard + secure in main/shells/electron/). */
export const APP_SCHEME = 'app';
/** The single host of that scheme; a standard scheme needs one, and a fixed one makes the origin fixed. */
const APP_HOST = 'scribe';
/** The renderer's origin. */
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the main window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Privileges for protocol.registerSchemesAsPrivileged: a real origin, a secure context, fetch for assets. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: false,
  bypassCSP: false,
  allowServiceWorkers: false,
  stream: false,
} as const;

/**
 * webPreferences for every window that shows the renderer. `devTools` only in unpackaged builds: a
 * packaged app in a clinic has no reason to offer a console onto patient data.
 */
export function secureWebPreferences(preloadPath: string, options: { devTools: boolean }) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    // Middle-click must not even try to open a window (the window-open handler would deny it anyway).
    disableBlinkFeatures: 'Auxclick',
    devTools: options.devTools,
  } as const;
}

/**
 * The Content-Security-Policy, directive by directive. Beyond the baseline: styles and images from the app
 * itself (plus data: images for inline icons), fonts from the app, nothing framed, no workers, and
 * `connect-src 'self'` only because the bundler's module preloading fetches the app's own chunks.
 * Note for the renderer: `style-src 'self'` blocks inline `style="…"` attributes; use classes or Svelte's
 * `style:` directive (CSSOM writes are not blocked).
 */
const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'none'"],
  'frame-src': ["'none'"],
  'worker-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'none'"],
};

/** The CSP header value. */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join('; ');

/** Headers on every app:// response. */
export const APP_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), display-capture=(), usb=(), serial=(), hid=()',
  'Cache-Control': 'no-store',
};

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Whether a URL belongs to the app: `app://scribe/…`, with no credentials. (Node's URL reports origin
 * "null" for custom schemes, so scheme and host are compared instead.)
 */
export function isAppUrl(url: string): boolean {
  const u = parse(url);
  return (
    u !== undefined && u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && !u.username && !u.password
  );
}

/** will-navigate / will-frame-navigate / will-redirect: only within the app. */
export function isAllowedNavigation(url: string): boolean {
  return isAppUrl(url);
}

/** setWindowOpenHandler: the renderer never opens windows, not even for links (no external browsing). */
export function windowOpenDecision(): { action: 'deny' } {
  return { action: 'deny' };
}

/**
 * Permissions the renderer may use. Only writing sanitized text to the clipboard (a "copy note" button);
 * reading the clipboard, media, notifications, geolocation, etc. are all refused.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** What a permission request or check tells us about who asks. */
export interface PermissionAsker {
  /** The requesting page's URL or origin. */
  readonly requestingUrl: string;
  /** False for subframes (which the renderer never has); undefined when Electron does not say. */
  readonly isMainFrame?: boolean;
}

/** The decision for both setPermissionRequestHandler and setPermissionCheckHandler. */
export function isPermissionAllowed(permission: string, asker: PermissionAsker): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && asker.isMainFrame !== false && isAppUrl(asker.requestingUrl);
}

/** The frame an IPC message came from (the part of WebFrameMain we read). */
export interface FrameLike {
  readonly url: string;
  readonly parent: unknown;
}

/** The IPC sender rule: the app's own page, in the top frame. */
export function isTrustedSenderFrame(frame: FrameLike | null | undefined): boolean {
  return frame !== null && frame !== undefined && frame.parent === null && isAppUrl(frame.url);
}

/**
 * session.webRequest filter: the renderer loads only app:// assets and data: images. Everything that
 * talks to the service runs in main (Node), so any http(s)/ws(s)/file request from a page is refused,
 * which also closes exfiltration paths if a page were ever compromised.
 */
export function isAllowedRendererRequest(url: string): boolean {
  const u = parse(url);
  if (!u) return false;
  if (u.protocol === 'data:') return true;
  // DevTools (unpackaged builds only) loads its own frontend from devtools://.
  if (u.protocol === 'devtools:') return true;
  return isAppUrl(url);
}
