/**
 * hardenWebContents / hardenAllWebContents against small fakes of Electron's WebContents and App (typed
 * against Electron's typings, never importing 'electron' at run time): navigation, frame navigation and
 * redirects leave the app never; popups and <webview> are always refused.
 */
import { describe, expect, it } from 'vitest';
import {
  hardenAllWebContents,
  hardenWebContents,
} from '../../../../main/shells/electron/web-contents-hardening.ts';
import { APP_ENTRY_URL } from '../../../../main/core/window/security-policy.ts';

// Electron's types as the code under test declares them (tests may not import 'electron').
type WebContents = Parameters<typeof hardenWebContents>[0];
type App = Parameters<typeof hardenAllWebContents>[0];

type Listener = (event: FakeEvent, ...rest: unknown[]) => void;

class FakeEvent {
  prevented = false;
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.prevented = true;
  }
}

function fakeContents() {
  const listeners = new Map<string, Listener[]>();
  let openHandler: ((details: { url: string }) => unknown) | undefined;
  const contents = {
    on(name: string, fn: Listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), fn]);
      return contents;
    },
    setWindowOpenHandler(fn: (details: { url: string }) => unknown) {
      openHandler = fn;
    },
  };
  /** Fires an event as Electron would and says whether a listener prevented it. */
  const fire = (name: string, url: string): boolean => {
    const handlers = listeners.get(name) ?? [];
    expect(handlers.length, `a ${name} listener`).toBeGreaterThan(0);
    const event = new FakeEvent(url);
    for (const fn of handlers) fn(event, {}, {});
    return event.prevented;
  };
  return {
    contents: contents as unknown as WebContents,
    fire,
    open: (url: string) => {
      expect(openHandler, 'window open handler').toBeTypeOf('function');
      return openHandler!({ url });
    },
  };
}

describe('hardenWebContents', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s: stays within app://scribe, anything else is prevented',
    (name) => {
      const blocked: string[] = [];
      const fake = fakeContents();
      hardenWebContents(fake.contents, (what, scheme) => blocked.push(`${what}:${scheme}`));
      expect(fake.fire(name, APP_ENTRY_URL)).toBe(false);
      expect(fake.fire(name, 'https://evil.example/?q=patient')).toBe(true);
      expect(fake.fire(name, 'file:///home/x/notes.txt')).toBe(true);
      expect(fake.fire(name, 'app://elsewhere/index.html')).toBe(true);
      const kind = name === 'will-redirect' ? 'redirect' : 'navigation';
      // The scheme only: a URL may carry patient data in its query.
      expect(blocked).toEqual([`${kind}:https`, `${kind}:file`, `${kind}:app`]);
    },
  );

  it('denies every new window, even to the app itself', () => {
    const blocked: string[] = [];
    const fake = fakeContents();
    hardenWebContents(fake.contents, (what, scheme) => blocked.push(`${what}:${scheme}`));
    expect(fake.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(fake.open(APP_ENTRY_URL)).toEqual({ action: 'deny' });
    expect(blocked).toEqual(['window-open:https', 'window-open:app']);
  });

  it('refuses to attach a <webview>', () => {
    const blocked: string[] = [];
    const fake = fakeContents();
    hardenWebContents(fake.contents, (what) => blocked.push(what));
    expect(fake.fire('will-attach-webview', '')).toBe(true);
    expect(blocked).toEqual(['webview']);
  });
});

describe('hardenAllWebContents', () => {
  it('hardens every webContents created afterwards', () => {
    let created: ((event: unknown, contents: WebContents) => void) | undefined;
    const app = {
      on(name: string, fn: (event: unknown, contents: WebContents) => void) {
        if (name === 'web-contents-created') created = fn;
        return app;
      },
    };
    hardenAllWebContents(app as unknown as App);
    expect(created).toBeTypeOf('function');
    const fake = fakeContents();
    created!({}, fake.contents);
    expect(fake.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fake.open('https://evil.example/')).toEqual({ action: 'deny' });
  });
});
