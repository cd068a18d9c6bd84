/**
 * The browser shell: the built renderer served on 127.0.0.1 and its bridge on the same origin, over the
 * services the composition root builds. The second of the two shells (the Electron one is main/shells/electron/);
 * for machines without Electron's binary, and for the end-to-end tests. It is not the clinician's app:
 * the page says so, it listens on loopback only, and its bridge takes one page, once.
 */
import type { EventName, EventPayload } from '../../../preload/contract/index.ts';
import type { AppHandlers } from '../../core/ipc/handler-slice.ts';
import { attachBridge, BRIDGE_SCRIPT_PATH, type Bridge } from './bridge.ts';
import { RENDERER_DIR, startStaticServer } from './static-server.ts';

/** Pushes an event to the page (dropped while no page is connected). */
type EmitToPage = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** What the shell runs: the handlers of every channel, and how to stop. */
interface BrowserShellServices {
  readonly handlers: AppHandlers;
  close(): Promise<void>;
}

export interface BrowserShellOptions {
  /** The built renderer folder (default dist/renderer). */
  readonly rendererDir?: string;
  /** Builds the services with the sink their events go through (the production composition root). */
  readonly buildServices: (emit: EmitToPage) => Promise<BrowserShellServices>;
}

/** A running browser shell. */
export interface BrowserShell {
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** The address to open once: the app page with the bridge's one-time secret in its fragment. */
  readonly url: string;
  readonly bridge: Bridge;
  /** Stops the services (a running visit ends, every sent chunk confirmed), then the server. */
  close(): Promise<void>;
}

/** Builds the services and serves the app on a free loopback port. */
export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  let bridge: Bridge | null = null;
  const services = await options.buildServices((event, payload) => bridge?.emit(event, payload));
  const pages: Record<string, string> = {};
  const server = await startStaticServer({
    root: options.rendererDir ?? RENDERER_DIR,
    extraPages: pages,
    headScript: BRIDGE_SCRIPT_PATH,
  });
  const attached = attachBridge(server.server, server.origin, services.handlers);
  bridge = attached;
  pages[BRIDGE_SCRIPT_PATH] = attached.script;
  return {
    origin: server.origin,
    url: `${server.origin}/index.html#bridge=${attached.secret}`,
    bridge: attached,
    close: async () => {
      await services.close();
      attached.close();
      await server.close();
    },
  };
}
