/**
 * The browser shell's stand-in for the preload, as the page runs it: builds `window.scribe` (one function
 * per channel, one `on…` per event) over the bridge WebSocket, taking the one-time secret from the URL
 * fragment (and removing it from the address), and says plainly that this is a preview: the window title
 * starts with it, and a banner above the app (in the flow, so it covers no control) says it. Kept as source
 * text so no transpiler helper leaks into the page; it is a classic script, so it runs before the app's
 * deferred module.
 */
import { LOCALES } from '../../../preload/words/index.ts';

/** What the page script is built from. */
export interface PageBridgeSpec {
  readonly socketPath: string;
  readonly protocol: string;
  readonly methods: readonly (readonly [string, string])[];
  readonly subscriptions: readonly (readonly [string, string])[];
  /** The answer to a call made while the socket is closed. */
  readonly closed: unknown;
}

/** The preview's title prefix and banner in each language; the page picks the window's (`<html lang>`). */
const PREVIEW_WORDS = Object.fromEntries(Object.entries(LOCALES).map(([locale, w]) => [locale, w.preview]));

const PAGE_BRIDGE = `(spec) => {
  const secret = new URLSearchParams(location.hash.slice(1)).get('bridge') || '';
  history.replaceState(null, '', location.pathname + location.search);
  const socket = new WebSocket('ws://' + location.host + spec.socketPath, [spec.protocol + '.' + secret]);
  const pending = new Map();
  const waiting = [];
  const listeners = new Map();
  let next = 1;
  socket.addEventListener('open', () => { for (const send of waiting.splice(0)) send(); });
  socket.addEventListener('close', () => {
    for (const resolve of pending.values()) resolve(spec.closed);
    pending.clear();
  });
  socket.addEventListener('message', (message) => {
    const data = JSON.parse(message.data);
    if (typeof data.id === 'number') {
      const resolve = pending.get(data.id);
      pending.delete(data.id);
      if (resolve) resolve(data.result);
      return;
    }
    for (const listener of listeners.get(data.event) || []) listener(data.payload);
  });
  const invoke = (channel, request) => new Promise((resolve) => {
    if (socket.readyState > 1) return resolve(spec.closed);
    const id = next++;
    pending.set(id, resolve);
    const send = () => socket.send(JSON.stringify({ id, channel, request: request === undefined ? {} : request }));
    if (socket.readyState === 1) send(); else waiting.push(send);
  });
  const api = {};
  for (const [channel, name] of spec.methods) api[name] = (request) => invoke(channel, request);
  for (const [event, name] of spec.subscriptions) {
    api[name] = (listener) => {
      const set = listeners.get(event) || new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    };
  }
  Object.defineProperty(window, 'scribe', { value: Object.freeze(api), enumerable: true });
  const wordsNow = () => spec.words[document.documentElement.lang] || spec.words.en;
  const label = () => {
    let shown = wordsNow();
    document.title = shown.title + ' · ' + document.title;
    const banner = document.createElement('div');
    banner.setAttribute('role', 'note');
    banner.setAttribute('data-testid', 'preview-banner');
    banner.textContent = shown.banner;
    // The window's language can change (Settings): the banner and title follow it.
    new MutationObserver(() => {
      const next = wordsNow();
      if (next === shown) return;
      banner.textContent = next.banner;
      if (document.title.startsWith(shown.title)) document.title = next.title + document.title.slice(shown.title.length);
      shown = next;
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    Object.assign(banner.style, {
      padding: '6px 16px', font: '600 14px/1.4 system-ui, sans-serif', textAlign: 'center',
      background: '#7a1f1f', color: '#ffffff', borderBottom: '2px solid #4d1010',
    });
    document.body.prepend(banner);
  };
  if (document.body) label(); else document.addEventListener('DOMContentLoaded', label);
}`;

/** The script text for a spec. */
export function pageBridgeScript(spec: PageBridgeSpec): string {
  return `(${PAGE_BRIDGE})(${JSON.stringify({ ...spec, words: PREVIEW_WORDS })});\n`;
}
