/**
 * Applies the security policy to the renderer's session: permission request and check handlers (both:
 * Chromium consults the check handler for permission *queries* without ever calling the request handler),
 * a request filter that lets pages load only app:// and data: URLs, and the CSP header on any response
 * that did not come from our protocol handler (defence in depth; none should exist).
 */
import type { Session } from 'electron';
import {
  CONTENT_SECURITY_POLICY,
  isAllowedRendererRequest,
  isPermissionAllowed,
} from '../../core/window/security-policy.ts';

/** Reports a refused permission or request by name/scheme only. */
export type OnDidRefuse = (what: 'permission' | 'request', name: string) => void;

/** Hardens a session. */
export function hardenSession(session: Session, onDidRefuse: OnDidRefuse = () => {}): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed = isPermissionAllowed(permission, {
      requestingUrl: details.requestingUrl,
      isMainFrame: details.isMainFrame,
    });
    if (!allowed) onDidRefuse('permission', permission);
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed(permission, {
      requestingUrl: details.requestingUrl ?? requestingOrigin,
      isMainFrame: details.isMainFrame,
    }),
  );
  // Device pickers (HID, serial, USB, Bluetooth) are never needed by the renderer.
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest({ urls: ['<all_urls>'] }, (details, callback) => {
    const allowed = isAllowedRendererRequest(details.url);
    if (!allowed) onDidRefuse('request', details.url.split(':', 1)[0] ?? 'unknown');
    callback({ cancel: !allowed });
  });
  session.webRequest.onHeadersReceived({ urls: ['<all_urls>'] }, (details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}
