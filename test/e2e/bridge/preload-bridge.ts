/**
 * The test bridge: the same preload API as Electron's (`window.scribe`, one named function per channel,
 * one `on…` per event), built from the contract, with the main-process side going through the app's own
 * IPC router (same sender check, same request and response parsing). Calls cross with
 * `page.exposeBinding`; events come back with `page.evaluate`. The renderer cannot tell the difference.
 */
import type { Page } from 'playwright-core';
import {
  CHANNEL_NAMES,
  EVENT_NAMES,
  channels,
  events,
  methodName,
  subscriptionName,
  type EventName,
  type EventPayload,
} from '../../../preload/contract/index.ts';
import type { ChannelHandlers } from '../../../main/ipc/channel-map.ts';
import {
  createIpcRouter,
  type InvokeEventLike,
  type IpcMainLike,
  type IpcFailureReport,
} from '../../../main/ipc/router.ts';
import { createRendererEvents } from '../../../main/ipc/event-emitter.ts';

const INVOKE = '__scribeInvoke';
const DISPATCH = '__scribeDispatch';

/** The parts of the bridge a test uses. */
export interface Bridge {
  /** Pushes an event to the page, validated like the app's emitter. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Router failures seen (codes and field paths only). */
  readonly failures: IpcFailureReport[];
}

/** A fake ipcMain: the router registers on it exactly as on Electron's. */
class FakeIpcMain implements IpcMainLike {
  readonly #handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void {
    this.#handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.#handlers.delete(channel);
  }
  invoke(channel: string, frameUrl: string, args: unknown[]): unknown {
    const handler = this.#handlers.get(channel);
    if (!handler)
      return { ok: false, error: { code: 'invalid_request', message: 'Unknown channel.', retryable: false } };
    return handler({ senderFrame: { url: frameUrl, parent: null } }, ...args);
  }
}

/**
 * What runs in the page before any of its scripts: builds `window.scribe` from the name lists. Kept as
 * source text so no transpiler helper (e.g. esbuild's `__name`) leaks into the page.
 */
const PAGE_BRIDGE = `(spec) => {
  const invoke = (channel, request) => window[spec.invoke](channel, request);
  const listeners = new Map();
  const api = {};
  for (const [channel, name] of spec.methods) api[name] = (request) => invoke(channel, request);
  for (const [event, name] of spec.subscriptions) {
    api[name] = (listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    };
  }
  Object.defineProperty(window, spec.dispatch, {
    value: (event, payload) => { for (const listener of listeners.get(event) ?? []) listener(payload); },
  });
  Object.defineProperty(window, 'scribe', { value: Object.freeze(api), enumerable: true });
}`;

/** Installs the bridge on a page before it navigates. `origin` is the static server's. */
export async function installBridge(
  page: Page,
  origin: string,
  handlers: ChannelHandlers<typeof channels>,
): Promise<Bridge> {
  const ipcMain = new FakeIpcMain();
  const failures: IpcFailureReport[] = [];
  createIpcRouter({
    ipcMain,
    channels,
    handlers,
    isTrustedSender: (frame) => frame.parent === null && new URL(frame.url).origin === origin,
    onDidFail: (report) => failures.push(report),
  });
  await page.exposeBinding(INVOKE, (source, channel: string, request: unknown) =>
    ipcMain.invoke(channel, source.frame.url(), request === undefined ? [] : [request]),
  );
  const spec = {
    methods: CHANNEL_NAMES.map((c) => [c, methodName(c)]),
    subscriptions: EVENT_NAMES.map((e) => [e, subscriptionName(e)]),
    invoke: INVOKE,
    dispatch: DISPATCH,
  };
  await page.addInitScript({ content: `(${PAGE_BRIDGE})(${JSON.stringify(spec)});` });
  const emitter = createRendererEvents({
    events,
    send: (event, payload) => {
      page
        .evaluate(`window.${DISPATCH}(${JSON.stringify(event)}, ${JSON.stringify(payload)})`)
        .catch(() => undefined); // the page may be closing
    },
  });
  return {
    emit: (event, payload) => void emitter.emit(event, payload as never),
    failures,
  };
}
