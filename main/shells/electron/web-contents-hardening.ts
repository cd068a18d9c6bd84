/**
 * Applies the security policy to every webContents the app creates (registered once through
 * app.on('web-contents-created'), so no window, devtools or future view escapes it): no navigation away
 * from app://, no redirects out, no popups, no <webview>.
 */
import type { App, WebContents } from 'electron';
import { isAllowedNavigation, windowOpenDecision } from '../../core/window/security-policy.ts';

/** Called when a navigation or popup was refused (URL scheme only: URLs may carry anything). */
export type OnDidBlock = (
  what: 'navigation' | 'redirect' | 'window-open' | 'webview',
  scheme: string,
) => void;

function schemeOf(url: string): string {
  const colon = url.indexOf(':');
  return colon > 0 ? url.slice(0, colon) : 'unknown';
}

/** Hardens one webContents. */
export function hardenWebContents(contents: WebContents, onDidBlock: OnDidBlock = () => {}): void {
  contents.on('will-navigate', (event) => {
    if (!isAllowedNavigation(event.url)) {
      event.preventDefault();
      onDidBlock('navigation', schemeOf(event.url));
    }
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url)) {
      event.preventDefault();
      onDidBlock('navigation', schemeOf(event.url));
    }
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url)) {
      event.preventDefault();
      onDidBlock('redirect', schemeOf(event.url));
    }
  });
  contents.setWindowOpenHandler(({ url }) => {
    onDidBlock('window-open', schemeOf(url));
    return windowOpenDecision();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    onDidBlock('webview', 'webview');
  });
}

/** Hardens every webContents created from now on. Call before any window exists. */
export function hardenAllWebContents(app: App, onDidBlock?: OnDidBlock): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, onDidBlock));
}
